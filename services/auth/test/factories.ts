import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@oneeta/contracts';
import type { AuthHarness } from './helpers.js';

export const STRONG_PASSWORD = 'Str0ng!pass';

export const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.test`;

export async function registerUser(
  harness: AuthHarness,
  body: { email?: string; password?: string; name?: string | null } = {},
): Promise<AuthResponse & { password: string }> {
  const password = body.password ?? STRONG_PASSWORD;
  const res = await harness.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: body.email ?? newEmail(), password, name: body.name },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as AuthResponse), password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
