import { useFormik } from 'formik';
import * as yup from 'yup';
import { CO_PERFORMER_STATEMENT_MAX, errorMessages, maxCharacters } from '@aura/contracts';

export interface RejectionValues {
  statement: string;
}

/** The reason she receives with the rejection (`CoPerformerDecisionBody.statement`): required, within the server's limit. */
export const rejectionSchema = yup.object({
  statement: yup
    .string()
    .trim()
    .required(errorMessages.rejection_reason_required)
    .max(CO_PERFORMER_STATEMENT_MAX, maxCharacters(CO_PERFORMER_STATEMENT_MAX)),
});

/** The rejection dialog's form: `reject` gets the trimmed reason once it passes the checks. */
export function useRejectionForm(reject: (statement: string) => Promise<unknown>) {
  return useFormik<RejectionValues>({
    initialValues: { statement: '' },
    validationSchema: rejectionSchema,
    onSubmit: async ({ statement }) => {
      await reject(statement.trim());
    },
  });
}
