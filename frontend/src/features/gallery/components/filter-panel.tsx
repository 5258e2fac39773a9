import { useId, useState } from 'react';
import { Badge, Box, Button, Checkbox, Collapsible, Field, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/ui/option-select';
import {
  activeFilterCount,
  activeFilterLabel,
  AGE_RANGES,
  EMPTY_FILTERS,
  LANGUAGE_OPTIONS,
  PRICE_RANGES,
  FILTER_OPTIONS,
  SINGLE_FILTER_LABELS,
  type GalleryFilters,
  type SingleFilterKey,
} from './filter-options';
import { FilterIcon } from '../../../components/ui/icons';

export interface FilterPanelProps {
  filters: GalleryFilters;
  onChange: (next: GalleryFilters) => void;
}

/** The collapsible filter panel of the gallery (docs/product.md#gallery), with its 'attivo/attivi' badge and clear. */
export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  const baseId = useId();

  const setSingle = (key: SingleFilterKey | 'language' | 'age' | 'price', value: string) => {
    const next = { ...filters };
    if (value) next[key] = value;
    else delete next[key];
    onChange(next);
  };
  const toggleFeature = (feature: string, checked: boolean) => {
    const set = new Set(filters.specialFeatures);
    if (checked) set.add(feature);
    else set.delete(feature);
    onChange({ ...filters, specialFeatures: FILTER_OPTIONS.specialFeatures.filter((f) => set.has(f)) });
  };

  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount>
      <Flex gap="2" align="center" wrap="wrap">
        <Collapsible.Trigger asChild>
          <Button variant="outline" size="sm" aria-expanded={open}>
            <FilterIcon />
            Filtri
            {count > 0 ? (
              <Badge colorPalette="brand" variant="solid" size="sm" data-testid="filter-count">
                {activeFilterLabel(count)}
              </Badge>
            ) : null}
          </Button>
        </Collapsible.Trigger>
        {count > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
            Cancella filtri
          </Button>
        ) : null}
      </Flex>
      <Collapsible.Content>
        <Box mt="3" p="4" rounded="xl" bg="bg.panel" borderWidth="1px" borderColor="border">
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="4">
            {(Object.keys(SINGLE_FILTER_LABELS) as SingleFilterKey[]).map((key) => (
              <Field.Root key={key}>
                <Field.Label htmlFor={`${baseId}-${key}`}>{SINGLE_FILTER_LABELS[key]}</Field.Label>
                <OptionSelect
                  size="sm"
                  id={`${baseId}-${key}`}
                  value={filters[key] ?? ''}
                  onChange={(e) => setSingle(key, e.currentTarget.value)}
                  bg="bg.subtle"
                  emptyOption="Tutte"
                  options={FILTER_OPTIONS[key]}
                />
              </Field.Root>
            ))}
            {(
              [
                ['language', 'Lingua', LANGUAGE_OPTIONS],
                ['age', 'Età', Object.keys(AGE_RANGES)],
                ['price', 'Prezzo', Object.keys(PRICE_RANGES)],
              ] as const
            ).map(([key, label, options]) => (
              <Field.Root key={key}>
                <Field.Label htmlFor={`${baseId}-${key}`}>{label}</Field.Label>
                <OptionSelect
                  size="sm"
                  id={`${baseId}-${key}`}
                  value={filters[key] ?? ''}
                  onChange={(e) => setSingle(key, e.currentTarget.value)}
                  bg="bg.subtle"
                  emptyOption="Tutte"
                  options={options}
                  data-testid={`filter-${key}`}
                />
              </Field.Root>
            ))}
            <Stack gap="2" as="fieldset">
              <Text as="legend" fontSize="sm" fontWeight="medium" mb="1.5">
                Caratteristiche speciali
              </Text>
              <HStack gap="4">
                {FILTER_OPTIONS.specialFeatures.map((f) => (
                  <Checkbox.Root
                    key={f}
                    checked={filters.specialFeatures.includes(f)}
                    onCheckedChange={(e) => toggleFeature(f, e.checked === true)}
                    colorPalette="brand"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{f}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
            </Stack>
          </Grid>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
