import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (OWASP's second recommended profile: 19 MiB, 2 passes, 1 lane). */
const ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, ARGON2);

// Verified against when there is no account, so both failures take the same time.
let dummy: Promise<string> | undefined;

/** Whether `password` matches `passwordHash`; with no hash, false after the same work. */
export async function passwordMatches(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  const ok = await verify(
    passwordHash ?? (await (dummy ??= hashPassword('not-a-real-password'))),
    password,
  );
  return ok && passwordHash !== undefined;
}
