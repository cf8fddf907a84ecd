// The typed API client: one function per call, every answer parsed with its contract schema.
export { ApiError, apiRequest, errorMessage, isApiError, type AuthMode } from './client';
export * from './account';
export * from './auth';
export * from './billing';
export * from './health';
export * from './query-keys';
export * from './invites';
export * from './sessions';
export * from './usage';
export { clearToken, getToken, setToken, subscribeToken, TOKEN_KEY } from './token';
