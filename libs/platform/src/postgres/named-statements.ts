import { createHash } from 'node:crypto';
import { Client, type ClientConfig, type QueryConfig } from 'pg';
import { statementSpanWanted, inStatementSpan } from './statement-spans';

/**
 * An unnamed statement is parsed, analysed and planned by PostgreSQL on every call. In
 * pg_stat_statements under `bench:load` the planning alone cost more than the execution for the
 * relay's event reads and the webhooks' destination query, and 0.3 ms per append. A named
 * statement is parsed once per connection; the server then reuses its plan.
 *
 * Every query with parameters is named by a hash of its text. The names are bounded per process:
 * past `MAX_NAMED_TEXTS` distinct texts, the rest stay unnamed, so a text built with literals
 * cannot fill every connection's memory with statements.
 */
export const MAX_NAMED_TEXTS = 256;

const namesByText = new Map<string, string>();

export function statementNameFor(text: string): string | undefined {
  const known = namesByText.get(text);
  if (known !== undefined || namesByText.size >= MAX_NAMED_TEXTS) return known;
  // 30 characters: well under PostgreSQL's 63-byte identifiers.
  const name = `eh_${createHash('sha1').update(text).digest('base64url')}`;
  namesByText.set(text, name);
  return name;
}

/**
 * A `SELECT *` statement prepared before a migration added a column fails with this error from
 * then on (an older replica during a rolling deploy). The statement was never run, so it is safe
 * to run again unnamed.
 */
function isStalePlan(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '0A000' && String((err as Error).message).includes('cached plan must not change result type');
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
type Callback = (err: Error | null, result?: unknown) => void;

/** The unnamed form of a call that can be named, or undefined when it cannot. */
function asQueryConfig(config: unknown, values: unknown): QueryConfig | undefined {
  if (typeof config === 'string') return Array.isArray(values) ? { text: config, values } : undefined;
  if (config === null || typeof config !== 'object' || values !== undefined) return undefined;
  const query = config as QueryConfig & { submit?: unknown; types?: unknown };
  // Cursors and streams (submit), custom parsers (types) and an already named query stay as they are.
  if (query.submit !== undefined || query.types !== undefined || query.name !== undefined) return undefined;
  return typeof query.text === 'string' && Array.isArray(query.values) ? query : undefined;
}

/**
 * A pg.Client that names its parameterized statements (see above). A statement that went stale is
 * run unnamed from then on by this client; outside a transaction the failed call is retried
 * unnamed at once, inside one it fails like any other statement and its transaction with it.
 */
export class NamingClient extends Client {
  private readonly staleNames = new Set<string>();
  private transactionStatus = 'I';

  constructor(config?: string | ClientConfig) {
    super(config);
    // ReadyForQuery carries the transaction status: I (idle), T (in a transaction), E (failed one).
    (this as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', (message: { status?: string }) => {
      this.transactionStatus = message.status ?? 'I';
    });
  }

  // pg's overloads cannot be restated one by one; the arguments pass through untouched.
  override query(...args: QueryArgs): never {
    const [config, values, callback] = args;
    // A transaction's statements, called from async code in the request's or event's context. The
    // pool's own calls pass a callback and are traced by the pool (create-pool.ts) instead.
    if (statementSpanWanted(args)) return inStatementSpan(config, () => this.namedQuery(config, values) as Promise<unknown>) as never;
    return this.namedQuery(config, values, callback);
  }

  private namedQuery(...args: QueryArgs): never {
    const [config, values, callback] = args;
    const done = (typeof callback === 'function' ? callback : typeof values === 'function' ? values : undefined) as Callback | undefined;
    const unnamed = asQueryConfig(config, typeof values === 'function' ? undefined : values);
    const name = unnamed && statementNameFor(unnamed.text);
    const run = (super.query as (...a: unknown[]) => Promise<unknown>).bind(this);
    if (!unnamed || !name || this.staleNames.has(name)) return run(...args) as never;
    const result = run({ ...unnamed, name }).catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      this.staleNames.add(name);
      if (this.transactionStatus !== 'I') throw err;
      return run(unnamed);
    });
    if (!done) return result as never;
    result.then(
      (value) => done(null, value),
      (err: Error) => done(err),
    );
    return undefined as never;
  }
}
