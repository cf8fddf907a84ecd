import type { CallingPort, CallingTarget } from './port';

/**
 * The calling port of an ACS token: `@azure/communication-calling` is imported here, lazily, and
 * only for mode 'acs'; any other mode has no calling (null).
 */
export async function openCallingPort(
  mode: string,
  target: CallingTarget,
): Promise<CallingPort | null> {
  if (mode !== 'acs') return null;
  const [{ createAcsCallingPort }, sdk] = await Promise.all([
    import('./acs-port'),
    import('@azure/communication-calling'),
  ]);
  return createAcsCallingPort(sdk, target);
}
