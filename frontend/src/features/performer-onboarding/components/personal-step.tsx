import { useId } from 'react';
import { Checkbox, Field, Flex, Grid, Heading, Input, Stack, Text, Textarea, type InputProps } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import {
  ageHint,
  bodyTypes,
  categoryOptions,
  ethnicities,
  eyeColors,
  hairColors,
  HEIGHT_MAX_CM,
  HEIGHT_MIN_CM,
  languageOptions,
  REGISTRATION_RATE_DEFAULT,
  REGISTRATION_RATE_MIN,
  formatAuracoin,
  priceCeilings,
  specialFeatureOptions,
} from '@aura/contracts';
import { DateField } from '../../../components/ui/date-field';
import { FormField } from '../../../components/ui/form-field';
import { OptionSelect } from '../../../components/ui/option-select';
import type { RegistrationValues } from './registration-form';

type TextKey = 'name' | 'username' | 'email' | 'password' | 'creditsPerMinute' | 'height';
type SelectKey = 'category' | 'hairColor' | 'eyeColor' | 'bodyType' | 'ethnicity';
type ListKey = 'languages' | 'specialFeatures';

function TextInput({
  field,
  label,
  helper,
  ...props
}: { field: TextKey; label: string; helper?: string } & InputProps) {
  const { getFieldProps } = useFormikContext<RegistrationValues>();
  return (
    <FormField label={label} required={Boolean(props.required)} helperText={helper}>
      <Input {...getFieldProps(field)} bg="bg.subtle" {...props} />
    </FormField>
  );
}

function SelectInput({
  field,
  label,
  options,
  placeholder,
}: {
  field: SelectKey;
  label: string;
  options: readonly string[];
  placeholder?: string;
}) {
  const id = useId();
  const { getFieldProps } = useFormikContext<RegistrationValues>();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <OptionSelect id={id} {...getFieldProps(field)} bg="bg.subtle" emptyOption={placeholder} options={options} />
    </Field.Root>
  );
}

/** A fieldset of checkboxes, one per option, kept as the list of the checked ones. */
function CheckList({ field, legend, options }: { field: ListKey; legend: string; options: readonly string[] }) {
  const { values, setFieldValue } = useFormikContext<RegistrationValues>();
  const checked = values[field];
  const toggle = (option: string, on: boolean) =>
    void setFieldValue(field, on ? [...new Set([...checked, option])] : checked.filter((value) => value !== option));
  return (
    <Stack as="fieldset" gap="2">
      <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
        {legend}
      </Text>
      <Flex gap="4" wrap="wrap">
        {options.map((option) => (
          <Checkbox.Root
            key={option}
            checked={checked.includes(option)}
            onCheckedChange={(e) => toggle(option, e.checked === true)}
            colorPalette="brand"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
    </Stack>
  );
}

/** The birth date with its age line: the age, or why it does not do (future, impossible, under 18). */
function BirthDate() {
  const { values, setFieldValue } = useFormikContext<RegistrationValues>();
  const hint = values.dateOfBirth ? ageHint(values.dateOfBirth, new Date()) : null;
  return (
    <Field.Root required invalid={hint !== null && !hint.ok}>
      <Field.Label>
        Data di nascita
        <Field.RequiredIndicator />
      </Field.Label>
      <DateField
        value={values.dateOfBirth}
        onChange={(iso) => void setFieldValue('dateOfBirth', iso)}
        min="1900-01-01"
        max={new Date().toISOString().slice(0, 10)}
        autoComplete="bday"
      />
      <Field.HelperText>Formato gg/mm/aaaa</Field.HelperText>
      {hint ? (
        <Text fontSize="sm" color={hint.ok ? 'green.300' : 'red.300'} data-testid="age-hint" aria-live="polite">
          {hint.text}
        </Text>
      ) : null}
    </Field.Root>
  );
}

/** Step 1, 'Dati personali': who she is, her rate and her traits. */
export function PersonalStep() {
  const { getFieldProps } = useFormikContext<RegistrationValues>();
  return (
    <>
      <Heading as="h2" size="md">
        Informazioni personali
      </Heading>
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
        <TextInput field="name" label="Nome d'arte" required autoComplete="nickname" />
        <TextInput field="username" label="Username" required autoComplete="username" />
        <TextInput field="email" label="Email" required type="email" autoComplete="email" />
        <TextInput
          field="password"
          label="Password"
          required
          type="password"
          autoComplete="new-password"
          helper="Almeno 6 caratteri"
        />
        <BirthDate />
        <TextInput
          field="creditsPerMinute"
          label="Tariffa (auracoin/min)"
          type="number"
          min={REGISTRATION_RATE_MIN}
          max={priceCeilings.ratePerMinute}
          step={0.5}
          helper={`Minimo ${REGISTRATION_RATE_MIN}, massimo ${formatAuracoin(priceCeilings.ratePerMinute)}, predefinita ${REGISTRATION_RATE_DEFAULT}`}
        />
        <SelectInput field="category" label="Categoria" options={categoryOptions} />
        <TextInput
          field="height"
          label="Altezza (cm)"
          type="number"
          min={HEIGHT_MIN_CM}
          max={HEIGHT_MAX_CM}
          helper={`Da ${HEIGHT_MIN_CM} a ${HEIGHT_MAX_CM} cm`}
        />
      </Grid>
      <Field.Root>
        <Field.Label>Bio</Field.Label>
        <Textarea
          {...getFieldProps('bio')}
          bg="bg.subtle"
          rows={3}
          placeholder="Raccontati in poche righe (facoltativo)"
        />
      </Field.Root>
      <CheckList field="languages" legend="Lingue" options={languageOptions} />
      <Heading as="h2" size="md" pt="2">
        Caratteristiche fisiche
      </Heading>
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
        <SelectInput field="hairColor" label="Colore capelli" options={hairColors} placeholder="Seleziona" />
        <SelectInput field="eyeColor" label="Colore occhi" options={eyeColors} placeholder="Seleziona" />
        <SelectInput field="bodyType" label="Corporatura" options={bodyTypes} placeholder="Seleziona" />
        <SelectInput field="ethnicity" label="Etnia" options={ethnicities} placeholder="Seleziona" />
      </Grid>
      <CheckList field="specialFeatures" legend="Caratteristiche speciali" options={specialFeatureOptions} />
    </>
  );
}
