/** DI tokens for the gateway's infrastructure (ports are interfaces, so they need tokens). */
export { CONFIG, EVENT_STORE, SQL } from '@eh/platform';
export const ROUTER_CLIENT = Symbol('RouterClient');
