/** DI tokens for the gateway's infrastructure (ports are interfaces, so they need tokens). */
export const CONFIG = Symbol('ServiceConfig');
export const SQL = Symbol('SqlPool');
export const EVENT_STORE = Symbol('EventStore');
export const ROUTER_CLIENT = Symbol('RouterClient');
