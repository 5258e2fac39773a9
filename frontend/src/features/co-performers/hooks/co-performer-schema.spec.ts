import { describe, expect, it } from '@jest/globals';
import { CO_PERFORMER_FORM_MESSAGES } from '@aura/contracts';
import { coPerformerSchema } from './use-co-performer-form';

const complete = {
  name: 'Marta Bianchi',
  dateOfBirth: '1995-06-01',
  documentType: 'ID Fronte',
  file: new Blob(['x']),
  signedConsent: 'data:image/png;base64,AAAA',
  consent: true,
};
const problems = async (values: object) => {
  try {
    await coPerformerSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('the co-performer form (issue 39 item 7)', () => {
  it('takes an adult with a document, her signature and her consent', async () => {
    expect(await problems(complete)).toEqual([]);
  });

  it('refuses a minor, and says what is missing in the contracts’ words', async () => {
    const year = new Date().getFullYear() - 17;
    expect(await problems({ ...complete, dateOfBirth: `${year}-01-01` })).toEqual([
      CO_PERFORMER_FORM_MESSAGES.underage,
    ]);
    expect(await problems({ ...complete, name: ' ', file: null, signedConsent: '', consent: false })).toEqual([
      CO_PERFORMER_FORM_MESSAGES.nameRequired,
      CO_PERFORMER_FORM_MESSAGES.documentRequired,
      CO_PERFORMER_FORM_MESSAGES.signatureRequired,
      CO_PERFORMER_FORM_MESSAGES.consentRequired,
    ]);
  });
});
