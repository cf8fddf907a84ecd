import {
  adminUserExportSchema,
  billingUserExportSchema,
  communicationUserExportSchema,
  notificationUserExportSchema,
  sessionUserExportSchema,
} from '@oneeta/contracts';
import type { z } from 'zod';

/** Each service holding data about an account, with the schema of its export. */
const SECTIONS = {
  session: sessionUserExportSchema,
  notification: notificationUserExportSchema,
  communication: communicationUserExportSchema,
  billing: billingUserExportSchema,
  admin: adminUserExportSchema,
} as const;
export type DataService = keyof typeof SECTIONS;
export type UserData = { [K in DataService]: z.infer<(typeof SECTIONS)[K]> };

/** A service did not answer its export (down, slow, refused or malformed): the export is not complete. */
export class ExportUnavailableError extends Error {
  constructor(
    readonly service: DataService,
    cause: unknown,
  ) {
    super(`${service} did not answer the data export`, { cause });
  }
}

/**
 * The other services' GET /internal/users/:id/export, asked at once (INTERNAL_TOKEN, `timeoutMs`
 * each). Every one must answer: a missing one throws ExportUnavailableError, never partial data.
 */
export function createUserDataClient(opts: {
  urls: Record<DataService, string>;
  internalToken: string | undefined;
  timeoutMs: number;
}) {
  const ask = async <K extends DataService>(service: K, userId: string): Promise<UserData[K]> => {
    try {
      const res = await fetch(
        new URL(`/internal/users/${encodeURIComponent(userId)}/export`, opts.urls[service]),
        {
          headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
          signal: AbortSignal.timeout(opts.timeoutMs),
        },
      );
      if (!res.ok) throw new Error(`answered ${res.status}`);
      return SECTIONS[service].parse(await res.json()) as UserData[K];
    } catch (err) {
      throw new ExportUnavailableError(service, err);
    }
  };
  return {
    async gather(userId: string): Promise<UserData> {
      const [session, notification, communication, billing, admin] = await Promise.all([
        ask('session', userId),
        ask('notification', userId),
        ask('communication', userId),
        ask('billing', userId),
        ask('admin', userId),
      ]);
      return { session, notification, communication, billing, admin };
    },
  };
}
export type UserDataClient = ReturnType<typeof createUserDataClient>;
