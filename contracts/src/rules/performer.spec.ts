import {
  activeFiltersLabel,
  ageHint,
  galleryFilterOptions,
  isHalfStep,
  minimumSessionCost,
  ratingLabel,
  registrationProblem,
} from './performer';

const now = new Date('2026-11-20T10:00:00Z');
const complete = {
  username: 'anna',
  password: 'secret',
  email: 'anna@example.com',
  name: 'Anna',
  dateOfBirth: '2000-01-01',
  documentCount: 1,
  digitalSignature: 'data:image/png;base64,xyz',
  acceptedTerms: true,
};

describe('performer rules', () => {
  it('labels ratings', () => {
    expect(ratingLabel(4.5)).toBe('Eccellente');
    expect(ratingLabel(4.49)).toBe('Molto Buono');
    expect(ratingLabel(4)).toBe('Molto Buono');
    expect(ratingLabel(3.9)).toBe('Buono');
    expect(ratingLabel(null)).toBe('Nessuna recensione');
  });
  it('minimum session is rate × 5', () => {
    expect(minimumSessionCost(2.5)).toBe(12.5);
  });
  it('accepts rates of at least 0.5 in steps of 0.5', () => {
    expect(isHalfStep(0.5)).toBe(true);
    expect(isHalfStep(3)).toBe(true);
    expect(isHalfStep(0.25)).toBe(false);
    expect(isHalfStep(0)).toBe(false);
    expect(isHalfStep(1.2)).toBe(false);
    expect(isHalfStep(0.5, 1)).toBe(false);
  });
  it('filter lists lack Altro', () => {
    expect(galleryFilterOptions.hairColor).toEqual(['Bionda', 'Mora', 'Castano', 'Rossa', 'Nera']);
    expect(galleryFilterOptions.eyeColor).toEqual(['Azzurri', 'Verdi', 'Marroni', 'Neri', 'Grigi']);
    expect(galleryFilterOptions.ethnicity).toEqual(['Caucasica', 'Latina', 'Asiatica', 'Africana', 'Mista']);
  });
  it('badge says attivo or attivi', () => {
    expect(activeFiltersLabel(1)).toBe('1 attivo');
    expect(activeFiltersLabel(3)).toBe('3 attivi');
  });
  it('age hint counts month and day', () => {
    expect(ageHint('2008-11-21', now)).toEqual({ ok: false, text: 'Età minima richiesta: 18 anni (hai 17 anni)' });
    expect(ageHint('2008-11-20', now)).toEqual({ ok: true, text: '18 anni' });
  });
  it('age hint refuses a future birth date in Italian instead of a negative age', () => {
    expect(ageHint('2027-01-01', now)).toEqual({ ok: false, text: 'La data di nascita non può essere nel futuro' });
    expect(ageHint('2026-11-20', now)).toEqual({ ok: false, text: 'Età minima richiesta: 18 anni (hai 0 anni)' });
  });
});

describe('registration checks, in the spec order', () => {
  it('passes a complete registration', () => {
    expect(registrationProblem(complete, now)).toBeNull();
  });
  it('1. missing fields first, even when everything else is wrong too', () => {
    expect(registrationProblem({ ...complete, email: ' ', documentCount: 0, acceptedTerms: false }, now)).toEqual({
      title: 'Campi mancanti',
      message: 'Compila tutti i campi obbligatori',
      field: 'email',
    });
  });
  it('2. under 18 by month and day', () => {
    expect(registrationProblem({ ...complete, dateOfBirth: '2008-11-21', documentCount: 0 }, now)?.message).toBe(
      'Devi avere almeno 18 anni per registrarti',
    );
  });
  it('2. a future birth date is refused as an invalid age, with its own Italian reason', () => {
    expect(registrationProblem({ ...complete, dateOfBirth: '2026-11-21', documentCount: 0 }, now)).toEqual({
      title: 'Età non valida',
      message: 'La data di nascita non può essere nel futuro',
      field: 'dateOfBirth',
    });
    expect(registrationProblem({ ...complete, dateOfBirth: '2000-02-30' }, now)?.title).toBe('Età non valida');
  });
  it('3. documents', () => {
    expect(registrationProblem({ ...complete, documentCount: 0, digitalSignature: '' }, now)?.message).toBe(
      "Carica almeno un documento d'identità",
    );
  });
  it('4. signature', () => {
    expect(registrationProblem({ ...complete, digitalSignature: '', acceptedTerms: false }, now)?.title).toBe(
      'Firma mancante',
    );
  });
  it('5. terms', () => {
    expect(registrationProblem({ ...complete, acceptedTerms: false }, now)).toEqual({
      title: 'Termini e condizioni',
      message: 'Devi accettare i termini e condizioni',
      field: 'acceptedTerms',
    });
  });
});

describe("terms: the checkbox, or the signed contract of the spec's body", () => {
  const { acceptedTerms: _checkbox, ...specBody } = { ...complete, signedContractAt: '2026-11-20T09:59:00.000Z' };
  const termsRefused = {
    title: 'Termini e condizioni',
    message: 'Devi accettare i termini e condizioni',
    field: 'acceptedTerms',
  };

  it('given no acceptedTerms field, when the contract is signed (signature and signing time), then the terms count as accepted', () => {
    expect(registrationProblem(specBody, now)).toBeNull();
  });
  it('given a signed contract, when acceptedTerms is explicitly false, then the terms are refused', () => {
    expect(registrationProblem({ ...specBody, acceptedTerms: false }, now)).toEqual(termsRefused);
  });
  it('given a signed contract, when acceptedTerms is true, then it passes as before', () => {
    expect(registrationProblem({ ...specBody, acceptedTerms: true }, now)).toBeNull();
  });
  it('given no acceptedTerms field, when the signing time is missing or blank, then the terms are refused', () => {
    const { signedContractAt: _time, ...unsigned } = specBody;
    expect(registrationProblem(unsigned, now)).toEqual(termsRefused);
    expect(registrationProblem({ ...specBody, signedContractAt: '  ' }, now)).toEqual(termsRefused);
    expect(registrationProblem({ ...specBody, signedContractAt: 1_700_000_000 }, now)).toEqual(termsRefused);
  });
  it('given neither acceptedTerms nor a signature, when submitted, then the signature check refuses first', () => {
    const { signedContractAt: _time, ...neither } = specBody;
    expect(registrationProblem({ ...neither, digitalSignature: '' }, now)?.title).toBe('Firma mancante');
    expect(registrationProblem({ ...specBody, digitalSignature: undefined }, now)?.field).toBe('digitalSignature');
  });
  it('given no acceptedTerms field, when an earlier check fails, then that check still answers first', () => {
    expect(registrationProblem({ ...specBody, documentCount: 0 }, now)?.message).toBe(
      "Carica almeno un documento d'identità",
    );
  });
});
