/**
 * The routing service as other packages' tests use it (`@oneeta/routing/testing`): the real maps
 * API over a throwaway Redis namespace with the offline provider (the gateway's API-document test).
 */
export * from './helpers.js';
