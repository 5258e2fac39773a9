import { randomBytes } from 'node:crypto';
import { argon2Verify, argon2id } from 'hash-wasm';
import { DomainError } from '../domain-error';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ ...ARGON2_PARAMS, password, salt: randomBytes(16), outputType: 'encoded' });
}

export async function verifyPassword(password: string, encodedHash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash: encodedHash });
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist (or has no password), so timing does not tell. */
let decoyHash: Promise<string> | undefined;

/**
 * The one password sign-in of users, performers and admins: verifies `password` against the
 * account's hash, or against a decoy when there is no account, and answers the account only when
 * it matches; otherwise 401 invalid_credentials ('Credenziali non valide'), the same for an unknown
 * name as for a wrong password.
 */
export async function signIn<A extends { passwordHash: string | null }>(
  account: A | null,
  password: string,
): Promise<A> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  const hash = account?.passwordHash || (await decoyHash);
  const valid = await verifyPassword(password, hash);
  if (!account?.passwordHash || !valid) throw new DomainError('invalid_credentials', 'Credenziali non valide');
  return account;
}
