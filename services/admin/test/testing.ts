/**
 * The admin service as other packages' tests use it (`@oneeta/admin/testing`): the real app and
 * ledger consumers over a throwaway database and Redis namespace.
 */
export * from './helpers.js';
