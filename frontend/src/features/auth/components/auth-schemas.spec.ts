import { describe, expect, it } from '@jest/globals';
import { errorMessages } from '@aura/contracts';
import { loginSchema, registerSchema } from './auth-schemas';

async function errorsOf(schema: typeof registerSchema | typeof loginSchema, values: Record<string, string | boolean>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path?: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path ?? '', e.message]));
  }
}

describe('register rules (docs/product.md#validation)', () => {
  it('gives the exact Italian messages', async () => {
    expect(
      await errorsOf(registerSchema, {
        username: 'ab',
        email: 'nope',
        password: '12345',
        confirmPassword: 'x',
        sensitiveDataConsent: false,
      }),
    ).toEqual({
      username: "L'username deve avere almeno 3 caratteri",
      email: "Inserisci un'email valida",
      password: 'La password deve avere almeno 6 caratteri',
      confirmPassword: 'Le password non corrispondono',
      sensitiveDataConsent: errorMessages.consent_required,
    });
  });

  it('accepts a valid form', async () => {
    expect(
      await errorsOf(registerSchema, {
        username: 'giulia',
        email: 'g@example.it',
        password: 'secret1',
        confirmPassword: 'secret1',
        sensitiveDataConsent: true,
      }),
    ).toEqual({});
  });
});

describe('login rules (docs/product.md#validation)', () => {
  it('requires both fields', async () => {
    expect(await errorsOf(loginSchema, { username: ' ', password: '' })).toEqual({
      username: 'Inserisci username o email',
      password: 'Inserisci la password',
    });
  });
});
