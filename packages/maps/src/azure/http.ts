/** The Azure adapter's HTTP: the shared retrying transport (../http.ts), labelled 'Azure Maps'. */
export * from '../http.js';
