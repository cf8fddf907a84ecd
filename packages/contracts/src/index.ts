export * from './plans.js';
export * from './messages.js';
export * from './auth.js';
export * from './ws.js';
export * from './events.js';
export * from './jobs.js';
export * from './sessions.js';
export * from './health.js';
