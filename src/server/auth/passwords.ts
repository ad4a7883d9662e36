import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1), as docs/decisions/0002-server-side-sessions.md records.
 * `2` is Algorithm.Argon2id: the package exports it as a const enum, which
 * isolated modules cannot inline.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checked against when the username does not exist, so a wrong username costs
 * the same time as a wrong password and does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword('contraseña-señuelo-que-nadie-usa'));
