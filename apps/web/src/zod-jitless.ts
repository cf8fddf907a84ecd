import { config } from 'zod';

// The gateway's CSP has no 'unsafe-eval': zod must not probe `new Function` (a caught probe still
// reports a securitypolicyviolation). This module is main.tsx's first import, so it runs before any
// module that builds a schema.
config({ jitless: true });
