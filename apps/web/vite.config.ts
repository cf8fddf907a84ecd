// The web app: React SPA with TanStack Router file routes (src/routes → src/routeTree.gen.ts).
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, loadEnv } from 'vite';
import { compileHints } from './compile-hints-plugin.js';
import { precompressed } from './precompress-plugin.js';
import { routeHtml } from './route-html-plugin.js';
import { sessionPageEarlyScript, sessionsPageEarlyScript } from './early-scripts.js';
import { serviceWorkerManifest } from './sw-manifest-plugin.js';

/**
 * Libraries only lazy chunks load: azure-maps-control (Azure Maps configured), maplibre-gl (a
 * MapLibre style configured; its dist files bundle their dependencies), zod (the schemas group),
 * and the ACS SDKs of the chat widget (`@azure/communication-chat`, `-calling`, loaded only
 * for an ACS token) with the packages only they use.
 */
const LAZY_LIBRARIES =
  /azure-maps-control|maplibre-gl|[\\/]node_modules[\\/](zod|@azure|@azure-rest|@typespec|events|tslib|uuid|jwt-decode)[\\/]/;

/** Routes bundled with the entry (small, where visitors arrive); /s/$id is large and stays split. */
const FIRST_VISIT_ROUTES: string[] = ['/', '/auth', '/plans', '/sessions'];

/**
 * The chunks the first screens run (index.html's and s.html's scripts and what they load at
 * once): compiled eagerly by V8, in the background while they download (compile-hints-plugin.ts).
 */
const EAGER_CHUNKS = new Set([
  'vendor',
  'app',
  'session',
  'session-below',
  'inbox',
  'contract-checks',
  'rolldown-runtime',
]);

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  // The gateway: every /api call and the /ws websocket of the dev server go there.
  const target = env.VITE_API_PROXY || 'http://127.0.0.1:8080';
  return {
    plugins: [
      // Before the React plugin: it writes src/routeTree.gen.ts and splits route components.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // The pages a first visit lands on are small: in the entry chunk they render without a
        // second round trip for the route's chunk (Lighthouse's FCP/LCP); the rest stay lazy.
        codeSplittingOptions: {
          splitBehavior: ({ routeId }) => (FIRST_VISIT_ROUTES.includes(routeId) ? [] : undefined),
        },
        quoteStyle: 'single',
        semicolons: true,
      }),
      react(),
      // /s/{id} (the large lazy route a shared link opens) gets s.html: index.html + its chunks,
      // and the script that asks for the first screen's data while they download (early-scripts.ts);
      // /sessions gets sessions.html, index.html with its own such script.
      routeHtml({
        s: {
          route: /src[\\/]routes[\\/]s\.\$id\.tsx\?tsr-split=component/,
          inlineScript: sessionPageEarlyScript(),
          lazy: ['session-below'],
        },
        sessions: { inlineScript: sessionsPageEarlyScript() },
      }),
      compileHints(EAGER_CHUNKS),
      serviceWorkerManifest(),
      // Last: compresses what every other plugin wrote (sw.js included).
      precompressed(),
    ],
    // Workspace packages (@oneeta/contracts, @oneeta/travel) are consumed from their TypeScript source.
    resolve: { conditions: ['@oneeta/source', ...defaultClientConditions] },
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/ws': { target, ws: true, changeOrigin: true },
      },
    },
    preview: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/ws': { target, ws: true, changeOrigin: true },
      },
    },
    // dist/ is not emptied first: the gateway keeps serving the previous build until the new files
    // are written; sw-manifest-plugin then removes the assets this build no longer emits.
    build: {
      // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
      modulePreload: { polyfill: false },
      sourcemap: true,
      emptyOutDir: false,
      // Lazy chunks loaded only when their service is configured: azure-maps-control (~1.7 MB,
      // Azure Maps), maplibre-gl (~1.1 MB, a MapLibre style) and @azure/communication-calling's
      // prebuilt bundle (~6.8 MB, ACS calling).
      chunkSizeWarningLimit: 7000,
      // The timing report depends on the machine's load, not on the code: keep the output quiet.
      rolldownOptions: {
        checks: { bundlerTimings: false },
        // A schema (`z.object(…)`, `z.string().min(1)`) nobody imports is dropped: the contracts
        // define many the browser never uses, and building them is startup work on every page.
        treeshake: {
          manualPureFunctions: [
            'z',
            'safeText',
            'idSchema',
            'participantIdSchema',
            'coordinate',
            'latitude',
            'longitude',
          ],
        },
        output: {
          codeSplitting: {
            // zod-jitless must run before any chunk that builds a schema: index.html lists it
            // first, so the entry runs it, and zod is only in chunks loaded after the entry ran.
            groups: [
              // zod and the contracts' schema modules in one chunk apart from the contracts' texts
              // and constants (messages, constants, plans, account-rules, health-guard, live-rules,
              // communication-rules: no schemas) and zod's regexes (isEmailAddress), which the entry
              // imports. Only the lazy pages that build forms from zod schemas load it (profile,
              // enterprise contact, admin): the rest check against generated JSON Schemas.
              {
                name: 'schemas',
                test: /node_modules[\\/]zod[\\/](?!v4[\\/]core[\\/]regexes\.js$)|packages[\\/]contracts[\\/]src[\\/](?!(messages|constants|plans|account-rules|health-guard|live-rules|communication-rules)\.ts$)/,
                priority: 90,
                includeDependenciesRecursively: false,
              },
              // The ACS SDKs of the chat widget, each in a lazy chunk of its own with a stable name
              // (the service worker leaves 'acs-' chunks out of its precache): loaded only for an
              // ACS token, never with the entry or the session page's first chunks.
              {
                name: 'acs-calling',
                test: /[\\/]node_modules[\\/]@azure[\\/]communication-calling[\\/]/,
                priority: 96,
                includeDependenciesRecursively: false,
              },
              {
                name: 'acs-chat',
                test: /[\\/]node_modules[\\/](@azure|@azure-rest|@typespec|events|tslib|uuid|jwt-decode)[\\/]|[\\/]features[\\/]chat[\\/](acs-transport|calling[\\/]acs-port)\.ts$/,
                priority: 95,
                includeDependenciesRecursively: false,
              },
              // The admin portal's chart library and what it alone depends on: with the portal's
              // lazy chunk, never with the entry (only the administrator loads it).
              {
                name: 'charts',
                test: /[\\/]node_modules[\\/](recharts|@reduxjs[\\/]toolkit|react-redux|redux|redux-thunk|immer|reselect|victory-vendor|d3-[\w-]+|decimal\.js-light|es-toolkit|eventemitter3|internmap)[\\/]/,
                priority: 85,
                // Not React and the rest the entry shares: only these packages.
                includeDependenciesRecursively: false,
              },
              // The entry in few requests (each costs a round trip on a phone; the bench's slow 4G
              // has six HTTP/1.1 connections): every library in 'vendor' (azure-maps-control and the
              // ACS SDKs with what only they use stay lazy, zod is above) and the app's code in
              // 'app', but for the features only lazy routes use, which stay with them (a new
              // lazy-only feature belongs in this list).
              {
                name: 'vendor',
                test: (id: string) => id.includes('node_modules') && !LAZY_LIBRARIES.test(id),
                priority: 80,
              },
              // The JSON Schemas every answer is checked against: one chunk of their own that the
              // first API call loads on every page (api/client.ts), not with any page's chunk.
              {
                name: 'contract-checks',
                test: /api[\\/](contract-checks|json-schemas\.gen)\.ts$|lib[\\/]json-check\.ts$/,
                priority: 65,
              },
              // The in-app notifications every signed-in page watches (InboxWatcher, lazy in the
              // root layout) and the session page shows: apart from the session page's chunk.
              {
                name: 'inbox',
                test: /features[\\/]inbox[\\/](InboxWatcher\.tsx|(use-inbox|inbox-logic|inbox-store|texts)\.ts)$|api[\\/]notifications\.ts$/,
                priority: 62,
              },
              // What the session page renders below its first screen (features/session/page/below.ts):
              // the map, the form, 'Where should we meet?', the panel, the invites and owner tools, asked for once the first
              // screen is painted. Only modules the first screen does not import (a module listed
              // here and imported by it would make this chunk one of that screen's scripts).
              {
                name: 'session-below',
                test: /[\\/]features[\\/](session[\\/](page[\\/](below|MapSlot)|editor[\\/]DetailsForm|travel[\\/]TravelPreviewCard|invites[\\/](InvitesCard|InviteRow)|owner[\\/](OwnerTools|AuditTab|MatrixUsageView|CloseSession))\.tsx?$|session[\\/]suggest[\\/]|map[\\/](?!(PlaceSearch|PlaceResults|search-state|pin|texts|types|use-map-token|token-cache|map)\.(tsx?|css)$|azure-adapter|maplibre-adapter)|arrival-panel[\\/](?!(entries|live-state|live-text|texts|timing|viewer-zone)\.ts$))/,
                priority: 61,
                // What they import from the first screen's modules stays in 'session'.
                includeDependenciesRecursively: false,
              },
              // The session page (the large lazy route a shared link opens) in one chunk with its
              // CSS: its route module and the features it uses, which other lazy pages share and
              // would otherwise split into six chunks and three stylesheets, each a request before
              // the page shows. What those features load lazily stays apart.
              {
                name: 'session',
                test: (id: string) =>
                  /routes[\\/]s\.\$id\.tsx\?tsr-split|[\\/]features[\\/](session|map|arrival-panel|inbox)[\\/]/.test(
                    id,
                  ) &&
                  !/[\\/](azure-adapter|maplibre-adapter|InboxWatcher|PushOfferCard)\.tsx?$/.test(
                    id,
                  ),
                priority: 60,
              },
              {
                name: 'app',
                test: (id: string) =>
                  /[\\/](apps[\\/]web[\\/]src|packages[\\/](contracts|travel)[\\/]src)[\\/]/.test(
                    id,
                  ) &&
                  !/tsr-split|api[\\/](schemas|admin|notifications|communication|contract-checks|json-schemas\.gen)\.ts$|lib[\\/]json-check\.ts$|[\\/]features[\\/](map|session|chat|arrival-panel|inbox|invite|legal|enterprise|billing|admin|profile)[\\/]/.test(
                    id,
                  ),
                priority: 70,
              },
            ],
          },
        },
      },
    },
  };
});
