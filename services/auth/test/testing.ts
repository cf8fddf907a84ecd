/**
 * The auth service as other packages' tests use it (`@oneeta/auth/testing`): the real app over a
 * throwaway database and Redis namespace. Services that read the current account (the account
 * directory in service-kit) test against it instead of a stand-in.
 */
export * from './helpers.js';
export * from './factories.js';
/** The users table, for a test that must set what a flow outside its scope would (e.g. a verified e-mail). */
export { users } from '../src/store/schema.js';
