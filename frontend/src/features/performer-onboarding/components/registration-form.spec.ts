import { describe, expect, it } from '@jest/globals';
import { errorMessages } from '@aura/contracts';
import {
  INITIAL_VALUES,
  registrationBody,
  STEP_SCHEMAS,
  submitProblem,
  type RegistrationValues,
} from './registration-form';

const document = {
  key: 'k1',
  file: new File(['png'], 'documento.png', { type: 'image/png' }),
  documentType: 'ID Fronte' as const,
};
const filled: RegistrationValues = {
  ...INITIAL_VALUES,
  name: ' Bea ',
  username: 'bea',
  email: 'bea@example.com',
  password: 'secret-pass',
  dateOfBirth: '1996-05-10',
  documents: [document],
  digitalSignature: 'data:image/png;base64,AAAA',
  acceptedTerms: true,
  sensitiveDataConsent: true,
};

describe('the registration steps', () => {
  it("lets 'Continua' go on from step 1 only with an adult's birth date", () => {
    const [personal] = STEP_SCHEMAS;
    expect(personal.isValidSync(INITIAL_VALUES)).toBe(false);
    expect(personal.isValidSync({ ...INITIAL_VALUES, dateOfBirth: `${new Date().getFullYear() - 17}-01-01` })).toBe(
      false,
    );
    expect(personal.isValidSync({ ...INITIAL_VALUES, dateOfBirth: `${new Date().getFullYear() + 1}-01-01` })).toBe(
      false,
    );
    // the email and the rest are checked by the submit, not here (spec)
    expect(personal.isValidSync({ ...INITIAL_VALUES, dateOfBirth: '1996-05-10' })).toBe(true);
  });

  it('lets step 2 go on with a document attached, and step 3 always', () => {
    const [, documents, contract] = STEP_SCHEMAS;
    expect(documents.isValidSync(INITIAL_VALUES)).toBe(false);
    expect(documents.isValidSync({ ...INITIAL_VALUES, documents: [document] })).toBe(true);
    expect(contract.isValidSync(INITIAL_VALUES)).toBe(true);
  });

  it("answers the submit with the contracts' checks, first failing one first", () => {
    expect(submitProblem({ ...filled, email: '', digitalSignature: '', acceptedTerms: false })).toEqual({
      title: 'Campi mancanti',
      message: 'Compila tutti i campi obbligatori',
    });
    expect(submitProblem({ ...filled, documents: [] })).toEqual({
      title: 'Documenti mancanti',
      message: "Carica almeno un documento d'identità",
    });
    expect(submitProblem({ ...filled, digitalSignature: '', acceptedTerms: false })).toEqual({
      title: 'Firma mancante',
      message: 'Firma il contratto per completare la registrazione',
    });
    expect(submitProblem({ ...filled, acceptedTerms: false })).toEqual({
      title: 'Termini e condizioni',
      message: 'Devi accettare i termini e condizioni',
    });
    // last, the consent to data about sexual life (GDPR Art. 9) the server refuses the registration without
    expect(submitProblem({ ...filled, sensitiveDataConsent: false })).toEqual({
      title: 'Consenso richiesto',
      message: errorMessages.consent_required,
    });
    expect(submitProblem(filled)).toBeNull();
  });

  it('sends the values as the registration body, empty choices as null', () => {
    const uploaded = [
      { documentType: 'ID Fronte' as const, documentUrl: 'private/x', fileName: 'documento.png', fileSize: 3 },
    ];
    const body = registrationBody({ ...filled, height: 170, hairColor: 'Mora' }, uploaded);
    expect(body).toMatchObject({
      name: 'Bea',
      bio: null,
      creditsPerMinute: INITIAL_VALUES.creditsPerMinute,
      languages: ['Italiano'],
      category: 'Standard',
      hairColor: 'Mora',
      eyeColor: null,
      height: 170,
      acceptedTerms: true,
      verificationStatus: 'pending',
      documents: uploaded,
    });
    expect(registrationBody(filled, uploaded).height).toBeNull();
  });
});
