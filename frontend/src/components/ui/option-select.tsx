import { NativeSelect } from '@chakra-ui/react';

export interface OptionSelectProps extends Omit<NativeSelect.FieldProps, 'children'> {
  options: readonly string[];
  /** the text shown for an option whose value is a code (e.g. a role): its Italian label */
  labels?: Readonly<Record<string, string>> | undefined;
  /** a first, empty choice and its label (e.g. 'Tutte', 'Nessuna') */
  emptyOption?: string | undefined;
  size?: NativeSelect.RootProps['size'];
  width?: NativeSelect.RootProps['width'];
}

/** A native select over a fixed list of options (the option's text is its value, unless `labels` names it). */
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
