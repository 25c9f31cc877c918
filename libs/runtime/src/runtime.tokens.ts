/** The service's name (`router`, `ledger`…), in its logs and connection names. */
export const SERVICE_NAME = Symbol('ServiceName');
/** The Database (pool and store) a service opened; closed last. */
export const DATABASE = Symbol('Database');
/** The service's Messaging (NATS, JetStream, the events stream ensured). */
export const MESSAGING = Symbol('Messaging');
