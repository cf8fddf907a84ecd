/**
 * The session service as other packages' tests use it (`@oneeta/session/testing`): the real app
 * over a throwaway database and Redis namespace, its factories, and its travel.computed and
 * user.deleted consumers (startTravelConsumerOn, startUserDeletedConsumerOn).
 * The routing worker's tests run against it, so they exercise the real route-input route and the
 * real job producer instead of a stand-in.
 */
export * from './helpers.js';
export * from './factories.js';
export * from './membership.js';
export { startTravelConsumer } from '../src/consumers/travel-computed.js';
export { runLiveChecks } from '../src/consumers/live-worker.js';
export { createNotifier } from '../src/actions/notify.js';
