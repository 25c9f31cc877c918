import { SpanKind, trace } from '@opentelemetry/api';
import { inSpan, tracingEnabled } from '../observability/tracing';

const MAX_TRACED_TEXT = 300;

/**
 * With tracing on, a statement run for a request or an event is a span of its own, so a slow
 * request's trace shows its time in PostgreSQL (waiting for a pooled connection included). Only
 * promise calls inside a span are traced: background polls with no span around them, callbacks
 * and cursors stay as they are. Off, this is one boolean check.
 */
export function statementSpanWanted(args: readonly unknown[]): boolean {
  if (!tracingEnabled() || !trace.getActiveSpan()) return false;
  const [config, values, callback] = args;
  if (typeof values === 'function' || typeof callback === 'function') return false;
  return typeof config === 'string' || (typeof config === 'object' && config !== null && (config as { submit?: unknown }).submit === undefined);
}

export function inStatementSpan<T>(config: unknown, run: () => Promise<T>, extra: Record<string, number> = {}): Promise<T> {
  const text = typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '');
  const attributes = { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, MAX_TRACED_TEXT), ...extra };
  return inSpan(`pg ${statementSummary(text)}`, { kind: SpanKind.CLIENT, attributes }, undefined, run);
}

/** A span's name for a statement: its first keyword and, where there is one, the first table it names. */
export function statementSummary(text: string): string {
  const keyword = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  const table = /\b(?:from|into|update|join)\s+("?[\w.]+"?)/i.exec(text)?.[1];
  return table ? `${keyword} ${table.replace(/"/g, '')}` : keyword;
}
