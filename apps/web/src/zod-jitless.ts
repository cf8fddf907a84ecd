// The gateway's CSP has no 'unsafe-eval': zod must not probe `new Function` (a caught probe still
// reports a securitypolicyviolation, which Lighthouse counts against best practices). zod reads its
// settings from `globalThis.__zod_globalConfig` when it loads; this file is index.html's first
// module script, its own entry chunk, so it runs before any chunk of the app (a side-effect import
// in main.tsx does not: the bundler hoists shared chunks, zod's and the schemas', ahead of it).
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
