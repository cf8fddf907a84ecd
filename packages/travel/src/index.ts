export * from './cache-key.js';
export * from './cost.js';
export * from './format.js';
export * from './meeting.js';
export * from './round.js';
export * from './zoned.js';
export * from './clock.js';
export * from './late.js';
