import { sseFrames } from '@expert-handoff/sdk';

/** The API refused the key (401/403): reconnecting cannot help. */
export class FollowRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the API answered ${status}: ${body.slice(0, 300)}`);
  }
}

export interface FollowOptions {
  apiUrl: string;
  key: string;
  signal: AbortSignal;
  /** Called for each event in the stream's order; the next is read only once it resolves. */
  onEvent: (body: string, id: string | null) => Promise<void>;
  /** Connected, or about to retry after `delayMs` (why: `reason`). */
  onStatus?: (status: { connected: true } | { connected: false; delayMs: number; reason: string }) => void;
  /** First and longest wait between reconnects. */
  backoff?: { initialMs: number; maxMs: number };
}

/** The wait before reconnect `failures` (1-based): doubling from `initialMs` up to `maxMs`, with up to 20 % jitter. */
export function backoffDelay(failures: number, backoff: { initialMs: number; maxMs: number }, random: () => number = Math.random): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows the workspace's live events (`GET /v1/events/stream`) from now on. When the stream
 * drops, it reconnects with `Last-Event-ID` set to the last event handled, so the gateway sends
 * what was missed first and nothing twice; failures back off (1 s doubling to 30 s, `Retry-After`
 * when the API sends one). Resolves when `signal` aborts; rejects with FollowRefused on 401/403.
 */
export async function followEvents(options: FollowOptions): Promise<void> {
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 30_000 };
  const url = new URL('/v1/events/stream', options.apiUrl);
  let lastId: string | null = null;
  let failures = 0;
  while (!options.signal.aborted) {
    let reason: string;
    let retryAfterMs: number | null = null;
    try {
      const headers: Record<string, string> = {
        authorization: `Bearer ${options.key}`,
        accept: 'text/event-stream',
        ...(lastId === null ? {} : { 'last-event-id': lastId }),
      };
      const response = await fetch(url, { headers, signal: options.signal });
      if (response.status === 401 || response.status === 403) throw new FollowRefused(response.status, await response.text());
      if (!response.ok || !response.body) {
        const retryAfter = Number(response.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = retryAfter * 1000;
        reason = `the API answered ${response.status}`;
        await response.body?.cancel();
      } else {
        failures = 0;
        options.onStatus?.({ connected: true });
        for await (const frame of sseFrames(response.body)) {
          if (frame.data !== null && frame.data.startsWith('{')) await options.onEvent(frame.data, frame.id);
          if (frame.id !== null) lastId = frame.id;
        }
        reason = 'the stream ended';
      }
    } catch (error) {
      if (error instanceof FollowRefused) throw error;
      if (options.signal.aborted) return;
      reason = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
    }
    if (options.signal.aborted) return;
    failures += 1;
    const delayMs = retryAfterMs ?? backoffDelay(failures, backoff);
    options.onStatus?.({ connected: false, delayMs, reason });
    await sleep(delayMs, options.signal);
  }
}
