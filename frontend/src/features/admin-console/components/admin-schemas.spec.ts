import { describe, expect, it } from '@jest/globals';
import { adminSchema, emptyAdmin } from './admin-schemas';

const valid = {
  fullName: 'Anna Rossi',
  username: 'anna',
  email: 'anna@example.com',
  password: '12345678',
  role: 'admin' as const,
};
const errorsOf = async (values: object) => {
  try {
    await adminSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries(
      (error as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]),
    );
  }
};

describe('admin creation form rules', () => {
  it('accepts a complete admin with a password of 8 characters', async () => {
    expect(await errorsOf(valid)).toEqual({});
  });
  it("says 'Minimo 8 caratteri' for a shorter password", async () => {
    expect(await errorsOf({ ...valid, password: '1234567' })).toEqual({ password: 'Minimo 8 caratteri' });
  });
  it('requires every field and a valid email; the role defaults to admin', async () => {
    expect(emptyAdmin.role).toBe('admin');
    const errors = await errorsOf({ ...emptyAdmin, email: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'fullName', 'password', 'username']);
    expect(errors.email).toBe("Inserisci un'email valida");
  });
});
