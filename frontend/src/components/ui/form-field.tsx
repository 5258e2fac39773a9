import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

export interface FormFieldProps {
  label: ReactNode;
  /** the message to show (once the field was touched or the form submitted) */
  error?: string | undefined;
  required?: boolean;
  /** a hint below the input */
  helperText?: ReactNode;
  /** the input; it gets the label, `aria-invalid` and `aria-describedby` from the field */
  children: ReactNode;
}

/** A labelled form control with its error message wired for assistive technology. */
export function FormField({ label, error, required = false, helperText, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
