import type { FormikProps } from 'formik';

/** A field's validation message, shown only once the field was touched (or the form submitted). */
export function fieldError<Values>(formik: Pick<FormikProps<Values>, 'touched' | 'errors'>, field: keyof Values & string): string | undefined {
  const touched = (formik.touched as Record<string, unknown>)[field];
  const error = (formik.errors as Record<string, unknown>)[field];
  return touched && error ? String(error) : undefined;
}
