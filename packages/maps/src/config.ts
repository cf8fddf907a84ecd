/**
 * The env the maps adapters read. Services merge it into their own schema
 * (`baseEnvSchema.extend(mapsEnvSchema.shape).superRefine(refineMapsEnv)`) or call `parseMapsEnv`.
 * Defaults make the embedded mode work with no env at all (MAPS_PROVIDER=offline).
 */
import { MAPS_PROVIDERS } from '@oneeta/contracts';
import { z } from 'zod';

export const mapsEnvSchema = z.object({
  MAPS_PROVIDER: z
    .enum(MAPS_PROVIDERS)
    .default('offline')
    .describe(
      "Which adapter serves maps calls: 'offline' (embedded, no network), 'azure' (Azure Maps) or 'osm' (self-hosted OSRM for travel times and Photon for place search).",
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
    .describe(
      'Timeout of one HTTP attempt to the maps engine (Azure, OSRM, Photon), in milliseconds.',
    ),
  MAPS_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(4)
    .describe(
      'Attempts per maps engine request (Azure, OSRM, Photon), the first included (retries on 429, 5xx, timeouts, network errors).',
    ),
  OSRM_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'MAPS_PROVIDER=osm: base URL of the OSRM server (osrm-routed) for travel times, e.g. http://osrm:5000; it serves every travel mode that has no URL of its own.',
    ),
  OSRM_BICYCLE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'MAPS_PROVIDER=osm: OSRM server with the bicycle profile (osrm-routed serves one profile per process); unset: OSRM_URL.',
    ),
  OSRM_WALKING_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('MAPS_PROVIDER=osm: OSRM server with the foot profile; unset: OSRM_URL.'),
  OSRM_MAX_TABLE_SIZE: z.coerce
    .number()
    .int()
    .min(2)
    .max(10_000)
    .default(100)
    .describe(
      "MAPS_PROVIDER=osm: most coordinates (origins + the destination) in one OSRM table request; match osrm-routed's --max-table-size (default 100). Larger matrices are split.",
    ),
  PHOTON_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'MAPS_PROVIDER=osm: base URL of the Photon geocoder for place search, nearby places and reverse geocoding, e.g. http://photon:2322.',
    ),
  PHOTON_LANG: z
    .string()
    .regex(/^[a-z]{2}$/, 'a two-letter language code such as en')
    .optional()
    .describe(
      "MAPS_PROVIDER=osm: language of Photon's place names (its lang parameter; one the server was imported with); unset: the server's default (usually the local names).",
    ),
  MAPS_CONTACT: z
    .string()
    .min(3)
    .optional()
    .describe(
      "MAPS_PROVIDER=osm: a URL or e-mail address where engine operators can reach whoever runs this OneETA; sent in the User-Agent ('OneETA/<version> (+<contact>)').",
    ),
  MAPS_FALLBACK: z
    .enum(['none', 'offline'])
    .default('none')
    .describe(
      "MAPS_PROVIDER=osm: 'offline' answers from the embedded offline adapter while OSRM or Photon fails (travel times become estimates; search finds cities only) and turns a failing start-up check into a warning; 'none' fails instead.",
    ),
});
export type MapsEnv = z.infer<typeof mapsEnvSchema>;

const ENTRA_APP_KEYS = [
  'AZURE_MAPS_TENANT_ID',
  'AZURE_MAPS_APP_ID',
  'AZURE_MAPS_APP_SECRET',
] as const;

/** What is wrong with the osm settings: both engines need a URL. */
function osmProblems(env: MapsEnv): Array<{ key: keyof MapsEnv; message: string }> {
  const problems: Array<{ key: keyof MapsEnv; message: string }> = [];
  if (!env.OSRM_URL)
    problems.push({
      key: 'OSRM_URL',
      message:
        'MAPS_PROVIDER=osm needs OSRM_URL, the base URL of an OSRM server for travel times (e.g. http://osrm:5000)',
    });
  if (!env.PHOTON_URL)
    problems.push({
      key: 'PHOTON_URL',
      message:
        'MAPS_PROVIDER=osm needs PHOTON_URL, the base URL of a Photon geocoder for place search (e.g. http://photon:2322)',
    });
  return problems;
}

/** What is wrong with the provider's settings, one readable sentence per problem ([] when fine). */
export function mapsEnvProblems(env: MapsEnv): Array<{ key: keyof MapsEnv; message: string }> {
  if (env.MAPS_PROVIDER === 'osm') return osmProblems(env);
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
