import { NativeSelect } from '@chakra-ui/react';

export interface OptionSelectProps extends Omit<NativeSelect.FieldProps, 'children'> {
  options: readonly string[];
  /** what each option reads as (e.g. 'Amministratore' for 'admin'); an option without a label reads as its value */
  labels?: Readonly<Record<string, string>> | undefined;
  /** a first, empty choice and its label (e.g. 'Tutte', 'Nessuna') */
  emptyOption?: string | undefined;
  size?: NativeSelect.RootProps['size'];
  width?: NativeSelect.RootProps['width'];
}

/** A native select over a fixed list of options (the option's value, shown as its label when given). */
export function OptionSelect({ options, labels, emptyOption, size, width, ...field }: OptionSelectProps) {
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field {...field}>
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
