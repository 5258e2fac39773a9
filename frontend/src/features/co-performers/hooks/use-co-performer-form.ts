import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  ADULT_AGE,
  ageOn,
  CO_PERFORMER_FORM_MESSAGES as MESSAGES,
  CO_PERFORMER_NAME_MAX,
  documentTypes,
} from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { useAddCoPerformer } from '../api/co-performers';

export interface CoPerformerValues {
  name: string;
  dateOfBirth: string;
  documentType: (typeof documentTypes)[number];
  file: File | null;
  signedConsent: string;
  consent: boolean;
}

const EMPTY: CoPerformerValues = {
  name: '',
  dateOfBirth: '',
  documentType: 'ID Fronte',
  file: null,
  signedConsent: '',
  consent: false,
};

/** The browser's checks, the server's limits (`AddCoPerformerBody`): an adult, a document, her signature and consent. */
export const coPerformerSchema = yup.object({
  name: yup.string().trim().required(MESSAGES.nameRequired).max(CO_PERFORMER_NAME_MAX, MESSAGES.nameTooLong),
  dateOfBirth: yup
    .string()
    .required(MESSAGES.dateOfBirthRequired)
    .test('adult', MESSAGES.underage, (value) => !value || ageOn(value, new Date()) >= ADULT_AGE),
  documentType: yup.string().oneOf(documentTypes),
  file: yup.mixed<File>().nullable().required(MESSAGES.documentRequired),
  signedConsent: yup.string().required(MESSAGES.signatureRequired),
  consent: yup.boolean().oneOf([true], MESSAGES.consentRequired),
});

/** Adding a person on camera with her: the form, its checks, the upload and the request; `done` after it is sent. */
export function useCoPerformerForm(performerId: string, done: () => void) {
  const add = useAddCoPerformer(performerId);
  return useFormik<CoPerformerValues>({
    initialValues: EMPTY,
    validationSchema: coPerformerSchema,
    onSubmit: async (values, helpers) => {
      try {
        await add.mutateAsync({
          name: values.name.trim(),
          dateOfBirth: values.dateOfBirth,
          document: { file: values.file!, documentType: values.documentType },
          signedConsent: values.signedConsent,
        });
        notify({ type: 'success', title: 'Persona aggiunta: la verifica dello staff è in corso' });
        helpers.resetForm();
        done();
      } catch (error) {
        notify({ type: 'error', title: 'Impossibile aggiungere la persona', description: errorMessage(error) });
      }
    },
  });
}
