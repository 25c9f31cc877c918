/**
 * Live updates for the dashboard (docs/dashboard-contract.md §5): server-sent events of the
 * workspace in one mode (`/v1/events/stream?mode=`), and of one deployment on its page. A message
 * invalidates what it concerns and the console refetches through the typed client, as the expert
 * console does: what is shown always comes from the REST API.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { keys } from './queries';
import { dashKeys } from './dashboard-keys';
import type { Mode } from './dashboard-types';
import type { LiveState } from './live-events';

const RECONNECT_MS = 3_000;

/** The event's subject: `data.object.id` (a deployment's, a handoff's), read defensively (SSE data is not typed by OpenAPI). */
export function subjectOf(data: string): { type: string; id: string } {
  try {
    const event = JSON.parse(data) as { type?: unknown; data?: { object?: { id?: unknown } } };
    return { type: typeof event.type === 'string' ? event.type : '', id: typeof event.data?.object?.id === 'string' ? event.data.object.id : '' };
  } catch {
    return { type: '', id: '' };
  }
}

type Key = readonly unknown[];

/** What one event makes stale. */
function staleKeys(mode: Mode, data: string): Key[] {
  const { type, id } = subjectOf(data);
  const stale: Key[] = [dashKeys.deployments(mode), dashKeys.usage(mode), dashKeys.deliveries(mode)];
  if (type.startsWith('deployment.') && id) stale.push(dashKeys.deployment(mode, id), dashKeys.deploymentEvents(mode, id));
  return stale;
}

/**
 * Invalidations gathered for a moment and sent together: a stream's first burst (a deployment's
 * whole history) costs one refetch per query, not one per event.
 */
function useBatchedInvalidation(): (stale: Key[]) => void {
  const client = useQueryClient();
  const pending = useRef(new Map<string, Key>());
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (stale) => {
    for (const key of stale) pending.current.set(JSON.stringify(key), key);
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      const keys = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    }, 150);
  };
}

/** An EventSource that reopens after the browser gave up on it (e.g. the session was checked again). */
function useEventSource(url: string | null, onMessage: (data: string) => void, onReopen: () => void): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const [attempt, setAttempt] = useState(0);
  const everOpened = useRef(false);
  const handlers = useRef({ onMessage, onReopen });
  handlers.current = { onMessage, onReopen };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL is a new stream, whose first open is not a reconnect
  useEffect(() => {
    everOpened.current = false;
  }, [url]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is bumped to open a new EventSource after the browser gave up on one
  useEffect(() => {
    if (!url) return undefined;
    setState('connecting');
    const source = new EventSource(url, { withCredentials: true });
    let retry: number | undefined;
    source.onopen = () => {
      // After a reconnect, whatever happened meanwhile may have been missed: refetch what is shown.
      if (everOpened.current) handlers.current.onReopen();
      everOpened.current = true;
      setState('live');
    };
    source.onerror = () => {
      setState('reconnecting');
      if (source.readyState !== EventSource.CLOSED) return;
      void client.invalidateQueries({ queryKey: keys.session });
      retry = window.setTimeout(() => setAttempt((n) => n + 1), RECONNECT_MS);
    };
    // Every frame is named by its event type; listen to all of them through the generic handler too.
    source.onmessage = (event: MessageEvent<string>) => handlers.current.onMessage(event.data);
    const named = (event: Event) => handlers.current.onMessage((event as MessageEvent<string>).data);
    const types = ['accepted', 'in_progress', 'needs_input', 'reply_received', 'completed', 'cancelled', 'expired'].map((t) => `deployment.${t}`);
    const all = [...types, 'usage.threshold_reached', 'handoff.in_review', 'handoff.needs_input', 'handoff.ready', 'handoff.cancelled', 'handoff.expired'];
    for (const type of all) source.addEventListener(type, named);
    return () => {
      window.clearTimeout(retry);
      source.close();
    };
  }, [url, attempt, client]);

  return state;
}

/** The workspace's events in this mode, while the dashboard is open. */
export function useWorkspaceLive(mode: Mode): LiveState {
  const invalidate = useBatchedInvalidation();
  return useEventSource(
    `/v1/events/stream?mode=${mode}`,
    (data) => invalidate(staleKeys(mode, data)),
    () => invalidate([dashKeys.all(mode)]),
  );
}

/** One deployment's events (all of them first, then live ones), while its page is open. */
export function useDeploymentLive(mode: Mode, deploymentId: string): LiveState {
  const invalidate = useBatchedInvalidation();
  const onMessage = () => invalidate([dashKeys.deployment(mode, deploymentId), dashKeys.deploymentEvents(mode, deploymentId)]);
  return useEventSource(`/v1/deployments/${encodeURIComponent(deploymentId)}/events/stream?mode=${mode}`, onMessage, onMessage);
}
