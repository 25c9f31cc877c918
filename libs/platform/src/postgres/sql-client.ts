/**
 * The least a query runner must offer: satisfied by pg.Pool, pg.Client and pg.PoolClient.
 * Read models and projections take this, so they work inside a caller's transaction.
 */
export interface SqlClient {
  query<Row extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }>;
}

/** A schema change applied once, in list order, recorded by id in `schema_migrations`. */
export interface Migration {
  /** Unique across every lib sharing the database, e.g. `event-store/001-events`. */
  id: string;
  sql: string;
}
