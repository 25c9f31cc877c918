/**
 * The soak's HTTP client: every call through the cluster's balancer, retried while a fault makes
 * the answer unknown or temporary (network error, 502, 503, 504, 429, 409 idempotency_conflict),
 * so the load goes on through faults the way a careful partner's agent would. What each request
 * waited and how often it was retried are the soak's figures, not its verdict.
 */

export interface SoakResponse<T> {
  status: number;
  body: T;
  /** From the first attempt to the answer kept. */
  waitedMs: number;
  attempts: number;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Give up retrying after this long (the last answer, or a thrown error, is returned). */
  deadlineMs?: number;
}

/** The figures every call adds to. */
export class RequestStats {
  requests = 0;
  retries = 0;
  abandoned = 0;
  readonly byStatus = new Map<string, number>();
  /** Each retried answer's error code, with the first message seen for it (why the cluster said "later"). */
  readonly retriedFor = new Map<string, { count: number; message: string }>();
  /** Every retried answer: when, which request, and why (the run's JSON report keeps them). */
  readonly retryLog: { at: number; what: string; status: string; code: string }[] = [];
  longestWait = { ms: 0, what: '', faults: [] as string[] };

  count(status: string): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }
}

/** A status that says "try again": the request may or may not have happened, or was refused for now. */
function retryable(status: number, body: unknown): boolean {
  if (status === 502 || status === 503 || status === 504 || status === 429) return true;
  if (status === 409) {
    const code = (body as { error?: { code?: string } } | null)?.error?.code;
    return code === 'idempotency_conflict';
  }
  return false;
}

export class SoakClient {
  constructor(
    private readonly baseUrl: string,
    readonly stats: RequestStats,
    /** Names of the faults active between two instants (from the injector's log), for the longest wait. */
    private readonly faultsBetween: (from: number, to: number) => string[] = () => [],
  ) {}

  async call<T = Record<string, unknown>>(method: string, path: string, options: CallOptions = {}): Promise<SoakResponse<T>> {
    const started = Date.now();
    const deadline = started + (options.deadlineMs ?? 120_000);
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    let attempts = 0;
    let delay = 200;
    for (;;) {
      attempts += 1;
      this.stats.requests += 1;
      let status = 0;
      let parsed: unknown = null;
      let failure: unknown;
      try {
        const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
        status = response.status;
        const text = await response.text();
        parsed = text ? (JSON.parse(text) as unknown) : null;
      } catch (error) {
        failure = error;
      }
      this.stats.count(failure === undefined ? String(status) : 'network');
      const again = failure !== undefined || retryable(status, parsed);
      if (!again || Date.now() + delay > deadline) {
        const waitedMs = Date.now() - started;
        if (attempts > 1 && waitedMs > this.stats.longestWait.ms) {
          this.stats.longestWait = {
            ms: waitedMs,
            what: `${method} ${path.replace(/(dep|ws|del|spec)_[0-9A-Z]{26}/g, '$1_…')}`,
            faults: this.faultsBetween(started, Date.now()),
          };
        }
        if (again) {
          this.stats.abandoned += 1;
          if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
        }
        return { status, body: parsed as T, waitedMs, attempts };
      }
      this.stats.retries += 1;
      const error = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
      const code =
        failure !== undefined ? `network ${(failure as { cause?: { code?: string } }).cause?.code ?? String(failure)}` : `${status} ${error?.code ?? ''}`;
      const seen = this.stats.retriedFor.get(code) ?? { count: 0, message: error?.message ?? '' };
      seen.count += 1;
      this.stats.retriedFor.set(code, seen);
      if (this.stats.retryLog.length < 20_000)
        this.stats.retryLog.push({
          at: Date.now(),
          what: `${method} ${path.replace(/(dep|ws|del|spec)_[0-9A-Z]{26}/g, '$1_…')}`,
          status: String(status),
          code,
        });
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 2_000);
    }
  }
}
