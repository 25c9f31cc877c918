/**
 * DI tokens of what every service shares (ports are interfaces, so they need tokens). Provided
 * once per process by libs/runtime (InfrastructureModule); every context module injects them.
 */
/** The ServiceConfig (loadConfig). */
export const CONFIG = Symbol('ServiceConfig');
/** The PostgreSQL pool: a SqlClient for read models and queries. */
export const SQL = Symbol('SqlPool');
/** The EventStore, its inline projections those of the modules the process mounts. */
export const EVENT_STORE = Symbol('EventStore');
