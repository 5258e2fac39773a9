import { Stack, Text } from '@chakra-ui/react';
import { formatInteger } from '../../../lib/format';
import { usePresence } from '../api/presence';

/** The hero's figures, read from the read models (docs/product.md#honest-figures): performers online now, approved performers. */
export function PresenceFigures() {
  const presence = usePresence();
  const figures = [
    { label: 'Online ora', value: presence.data?.performersOnline, color: 'green.300', testId: 'hero-online' },
    { label: 'Performer', value: presence.data?.performersApproved, color: 'brand.fg', testId: 'hero-performers' },
  ];
  return (
    <>
      {figures.map((figure) => (
        <Stack gap="0" key={figure.label}>
          <Text as="dd" fontSize="3xl" fontWeight="800" color={figure.color} data-testid={figure.testId}>
            {figure.value === undefined ? '–' : formatInteger(figure.value)}
          </Text>
          <Text as="dt" fontSize="sm" color="fg.muted" order={1}>
            {figure.label}
          </Text>
        </Stack>
      ))}
    </>
  );
}
