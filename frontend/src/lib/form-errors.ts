import type { FormikHelpers, FormikProps } from 'formik';
import { refusedFields } from './api-client';

/** A field's validation message, shown only once the field was touched (or the form submitted). */
export function fieldError<Values>(
  formik: Pick<FormikProps<Values>, 'touched' | 'errors'>,
  field: keyof Values & string,
): string | undefined {
  const touched = (formik.touched as Record<string, unknown>)[field];
  const error = (formik.errors as Record<string, unknown>)[field];
  return touched && error ? String(error) : undefined;
}

/** A formik field's value, handlers and shown message, for a labelled input: `<TextField {...bindField(formik, 'email')} />`. */
export function bindField<Values>(formik: FormikProps<Values>, field: keyof Values & string) {
  return { ...formik.getFieldProps(field), error: fieldError(formik, field) };
}

/** The form's Italian message for each field, shown when the server refuses that field. */
export type FieldMessages<Values> = Readonly<Record<keyof Values & string, string>>;

/**
 * After the server refused a submit (`validation_failed`): the refused fields show the form's own
 * messages under them. The caller's toast reads `errorMessage(error, { fields: messages })`.
 */
export function showRefusedFields<Values>(
  helpers: Pick<FormikHelpers<Values>, 'setFieldError' | 'setFieldTouched'>,
  error: unknown,
  messages: FieldMessages<Values>,
): void {
  for (const [field, message] of Object.entries(refusedFields(error, messages))) {
    void helpers.setFieldTouched(field, true, false);
    helpers.setFieldError(field, message);
  }
}
