import { DomainError } from '../domain-error';
import { createPasswords, OWASP_ARGON2 } from './password';

describe('passwords', () => {
  const cheap = createPasswords({ memorySize: 64, iterations: 1, parallelism: 1 });

  it('hashes at OWASP’s argon2id cost unless given another', async () => {
    expect(OWASP_ARGON2).toEqual({ memorySize: 19_456, iterations: 2, parallelism: 1 });
    const hash = await createPasswords().hash('secret-pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await cheap.verify('secret-pass', hash)).toBe(true);
  });

  it('hashes at the cost it is given, and verifies with the cost each hash names', async () => {
    const hash = await cheap.hash('secret-pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await createPasswords().verify('secret-pass', hash)).toBe(true);
    expect(await cheap.verify('other-pass', hash)).toBe(false);
    expect(await cheap.verify('secret-pass', 'not a hash')).toBe(false);
  });

  it('signs in only with the right password, and refuses an unknown name the same way', async () => {
    const account = { id: 'a', passwordHash: await cheap.hash('secret-pass') };
    await expect(cheap.signIn(account, 'secret-pass')).resolves.toBe(account);
    const refusals = await Promise.all([
      cheap.signIn(account, 'wrong-pass').catch((error: unknown) => error),
      cheap.signIn(null, 'secret-pass').catch((error: unknown) => error),
      cheap.signIn({ id: 'b', passwordHash: null }, 'secret-pass').catch((error: unknown) => error),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'invalid_credentials', message: 'Credenziali non valide' });
    }
  });
});
