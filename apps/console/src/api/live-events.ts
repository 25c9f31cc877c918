/**
 * Live updates (docs/console-contract.md "Live updates"): one EventSource on /expert/v1/events
 * while signed in. A message only says what changed; the console refetches through the typed
 * client, so what it shows always comes from the REST API.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { keys } from './queries';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

export interface LiveEventHandlers {
  onOffer?: (deploymentId: string, expiresAt: string) => void;
  onDeploymentUpdated?: (deploymentId: string, status: string) => void;
}

/** The SSE payloads are not part of the OpenAPI documents: read defensively. */
function field(data: string, name: string): string {
  try {
    const value: unknown = (JSON.parse(data) as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

const RECONNECT_MS = 3_000;

export function useLiveEvents(enabled: boolean, handlers: LiveEventHandlers): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  /** Bumped to open a new EventSource after the browser gave up on the previous one. */
  const [attempt, setAttempt] = useState(0);
  const everOpened = useRef(false);
  const { onOffer, onDeploymentUpdated } = handlers;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is bumped to open a new EventSource after the browser gave up on one
  useEffect(() => {
    if (!enabled) return undefined;
    const source = new EventSource('/expert/v1/events', { withCredentials: true });
    let retry: number | undefined;
    source.onopen = () => {
      // After a reconnect, whatever happened meanwhile was missed: refetch everything shown.
      if (everOpened.current) void client.invalidateQueries();
      everOpened.current = true;
      setState('live');
    };
    source.onerror = () => {
      setState('reconnecting');
      if (source.readyState !== EventSource.CLOSED) return; // the browser retries by itself
      // Closed for good (e.g. the session ended): check the session, then try again.
      void client.invalidateQueries({ queryKey: keys.session });
      retry = window.setTimeout(() => setAttempt((n) => n + 1), RECONNECT_MS);
    };
    source.addEventListener('offer.created', (event) => {
      void client.invalidateQueries({ queryKey: keys.offers });
      onOffer?.(field(event.data, 'deployment_id'), field(event.data, 'offer_expires_at'));
    });
    source.addEventListener('offer.ended', () => void client.invalidateQueries({ queryKey: keys.offers }));
    source.addEventListener('deployment.updated', (event) => {
      const id = field(event.data, 'deployment_id');
      if (id) void client.invalidateQueries({ queryKey: keys.deployment(id) });
      void client.invalidateQueries({ queryKey: ['assignments'] });
      void client.invalidateQueries({ queryKey: keys.earnings });
      onDeploymentUpdated?.(id, field(event.data, 'status'));
    });
    return () => {
      window.clearTimeout(retry);
      source.close();
    };
  }, [enabled, attempt, client, onOffer, onDeploymentUpdated]);

  return state;
}
