/**
 * The password port of tests in this process (`startTestApp`, API specs): still argon2id, at the
 * least cost (64 KiB, 1 pass) rather than OWASP's 19 MiB and 2 passes (~160 ms a hash here), since
 * tests register and sign in hundreds of times. Its hashes are real encoded argon2id hashes, and a
 * hash made at OWASP's cost (a fixture, a seeded account) verifies as well: the cost is read from
 * the encoded hash.
 */
import { createPasswords, type Argon2Cost } from '../platform/http/password';

export const TEST_ARGON2: Argon2Cost = { memorySize: 64, iterations: 1, parallelism: 1 };

export const testPasswords = createPasswords(TEST_ARGON2);
