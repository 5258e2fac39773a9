import { randomBytes } from 'node:crypto';
import { argon2Verify, argon2id } from 'hash-wasm';
import { DomainError } from '../domain-error';

/** How much an argon2id hash costs: memory in KiB, passes over it, lanes. */
export interface Argon2Cost {
  memorySize: number;
  iterations: number;
  parallelism: number;
}

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Every process hashes with it. */
export const OWASP_ARGON2: Argon2Cost = { memorySize: 19_456, iterations: 2, parallelism: 1 };

/**
 * The password port: hashes made with one cost, verified with the cost each encoded hash names
 * (`$argon2id$v=19$m=…,t=…,p=…$…`), so a hash made at another cost still verifies.
 */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, encodedHash: string): Promise<boolean>;
  /**
   * The one password sign-in of users, performers and admins: verifies `password` against the
   * account's hash, or against a decoy when there is no account, and answers the account only when
   * it matches; otherwise 401 invalid_credentials ('Credenziali non valide'), the same for an unknown
   * name as for a wrong password.
   */
  signIn<A extends { passwordHash: string | null }>(account: A | null, password: string): Promise<A>;
}

/**
 * Passwords hashed at `cost`. The composition root gives none (OWASP's); only a test harness in
 * this process hands in a cheaper cost, in code: no setting of the environment lowers it.
 */
export function createPasswords(cost: Argon2Cost = OWASP_ARGON2): Passwords {
  const hash = (password: string) =>
    argon2id({ ...cost, hashLength: 32, password, salt: randomBytes(16), outputType: 'encoded' });
  const verify = async (password: string, encodedHash: string) => {
    try {
      return await argon2Verify({ password, hash: encodedHash });
    } catch {
      return false;
    }
  };
  // the hash verified when there is no account (or no password): made at the same cost as the
  // accounts' hashes, so that an unknown name takes as long as a wrong password
  let decoyHash: Promise<string> | undefined;
  return {
    hash,
    verify,
    async signIn(account, password) {
      decoyHash ??= hash('decoy-password-for-timing');
      const encoded = account?.passwordHash || (await decoyHash);
      const valid = await verify(password, encoded);
      if (!account?.passwordHash || !valid) throw new DomainError('invalid_credentials');
      return account;
    },
  };
}
