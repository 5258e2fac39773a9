import type { ReactNode } from 'react';
import { Field, Input, InputGroup, type InputProps } from '@chakra-ui/react';

export interface TextFieldProps extends Omit<InputProps, 'children'> {
  label: string;
  /** the message to show, only once the field was touched (or the form submitted) */
  error?: string | undefined;
  icon?: ReactNode;
  helperText?: ReactNode;
}

/** How a username is typed: never capitalised or spell-checked, offered by the password manager. */
export const USERNAME_INPUT = { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false } as const;

/** A labelled input with its error message wired for assistive technology (aria-invalid, aria-describedby). */
export function TextField({ label, error, icon, helperText, ...inputProps }: TextFieldProps) {
  const input = <Input size="lg" bg="bg.subtle" borderColor="border.emphasized" {...inputProps} />;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {icon ? (
        <InputGroup startElement={icon} startElementProps={{ color: 'fg.subtle' }}>
          {input}
        </InputGroup>
      ) : (
        input
      )}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
