import { AsyncLocalStorage } from 'node:async_hooks';
import { trace } from '@opentelemetry/api';

/** What every log line written in a request's or an event's scope carries. */
export interface LogContext {
  request_id?: string;
  deployment_id?: string;
  workspace_id?: string;
  event_id?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with these fields on every log line it (and what it awaits) writes. */
export function runWithLogContext<T>(fields: LogContext, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, fn);
}

/**
 * Adds fields to the current scope (e.g. the workspace once the key is known) and to the active
 * span's attributes; a no-op outside a scope.
 */
export function addLogContext(fields: LogContext): void {
  const store = storage.getStore();
  if (store) Object.assign(store, fields);
  const span = trace.getActiveSpan();
  if (span) for (const [key, value] of Object.entries(fields)) if (value !== undefined) span.setAttribute(key, value);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/** The deployment an event is about, from its stream name (`deployment-dep_…`), else its data. */
export function deploymentIdOf(streamName: string, data: unknown): string | undefined {
  if (streamName.startsWith('deployment-')) return streamName.slice('deployment-'.length);
  const id = typeof data === 'object' && data !== null ? (data as { deployment_id?: unknown }).deployment_id : undefined;
  return typeof id === 'string' ? id : undefined;
}
