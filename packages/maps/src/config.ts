/**
 * The env the maps adapters read. Services merge it into their own schema
 * (`baseEnvSchema.extend(mapsEnvSchema.shape).superRefine(refineMapsEnv)`) or call `parseMapsEnv`.
 * Defaults make the embedded mode work with no env at all (MAPS_PROVIDER=offline).
 */
import { z } from 'zod';

export const mapsEnvSchema = z.object({
  MAPS_PROVIDER: z
    .enum(['offline', 'azure'])
    .default('offline')
    .describe(
      "Which adapter serves maps calls: 'offline' (embedded, no network) or 'azure' (Azure Maps).",
    ),
  AZURE_MAPS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Azure Maps shared key; used unless Entra ID app credentials are set; also given to the browser map.',
    ),
  AZURE_MAPS_CLIENT_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Azure Maps account client id: the x-ms-client-id header with Entra tokens and the browser SDK's clientId.",
    ),
  AZURE_MAPS_TENANT_ID: z
    .string()
    .min(1)
    .optional()
    .describe('Entra ID tenant (directory) id of the app registration that may call Azure Maps.'),
  AZURE_MAPS_APP_ID: z
    .string()
    .min(1)
    .optional()
    .describe('Entra ID app (client) id of that app registration.'),
  AZURE_MAPS_APP_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe('Client secret of that app registration (client-credentials flow).'),
  AZURE_MAPS_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .default('https://atlas.microsoft.com')
    .describe(
      'Azure Maps REST endpoint (a geography endpoint such as https://eu.atlas.microsoft.com also works).',
    ),
  AZURE_AUTHORITY_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://login.microsoftonline.com')
    .describe('Entra ID authority; the token URL is {authority}/{tenant}/oauth2/v2.0/token.'),
  MAPS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe('Timeout of one HTTP attempt to Azure, in milliseconds.'),
  MAPS_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(4)
    .describe(
      'Attempts per Azure request, the first included (retries on 429, 5xx, timeouts, network errors).',
    ),
});
export type MapsEnv = z.infer<typeof mapsEnvSchema>;

const ENTRA_APP_KEYS = [
  'AZURE_MAPS_TENANT_ID',
  'AZURE_MAPS_APP_ID',
  'AZURE_MAPS_APP_SECRET',
] as const;

/** What is wrong with the Azure settings, one readable sentence per problem ([] when fine). */
export function mapsEnvProblems(env: MapsEnv): Array<{ key: keyof MapsEnv; message: string }> {
  if (env.MAPS_PROVIDER !== 'azure') return [];
  const problems: Array<{ key: keyof MapsEnv; message: string }> = [];
  const missing = ENTRA_APP_KEYS.filter((key) => !env[key]);
  const entraComplete = missing.length === 0;
  if (missing.length > 0 && missing.length < ENTRA_APP_KEYS.length) {
    problems.push({
      key: missing[0] as keyof MapsEnv,
      message: `Entra ID app credentials are incomplete: also set ${missing.join(', ')} (or unset ${ENTRA_APP_KEYS.join(', ')})`,
    });
  } else if (entraComplete && !env.AZURE_MAPS_CLIENT_ID) {
    problems.push({
      key: 'AZURE_MAPS_CLIENT_ID',
      message: 'Entra ID auth needs AZURE_MAPS_CLIENT_ID, the Azure Maps account client id',
    });
  } else if (!entraComplete && !env.AZURE_MAPS_KEY) {
    problems.push({
      key: 'AZURE_MAPS_KEY',
      message:
        'MAPS_PROVIDER=azure needs AZURE_MAPS_KEY, or AZURE_MAPS_CLIENT_ID with AZURE_MAPS_TENANT_ID, AZURE_MAPS_APP_ID and AZURE_MAPS_APP_SECRET',
    });
  }
  return problems;
}

/** For `.superRefine(refineMapsEnv)` on any schema that includes the maps keys. */
export function refineMapsEnv(env: MapsEnv, ctx: z.RefinementCtx<MapsEnv>): void {
  for (const problem of mapsEnvProblems(env)) {
    ctx.addIssue({ code: 'custom', path: [problem.key], message: problem.message });
  }
}

/** Parses the maps env (empty strings count as unset), failing fast with one line per problem. */
export function parseMapsEnv(env: Record<string, string | undefined> = process.env): MapsEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = mapsEnvSchema.superRefine(refineMapsEnv).safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`,
  );
  throw new Error(`Invalid maps configuration:\n${lines.join('\n')}`);
}
