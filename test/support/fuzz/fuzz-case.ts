import fc from 'fast-check';
import { type J } from './json-text';

/**
 * One generated request, as data (so fast-check can shrink it): the endpoint, one family of
 * mutation, and every part of the request. `expect: 'reject'` says the request is certainly
 * invalid (a 2xx answer is then a finding); `any` says the fuzzer does not know.
 */
export interface FuzzCase {
  endpoint: string;
  family: string;
  /** What was changed, for the report (`brief`, `Idempotency-Key`, `limit`…). */
  detail: string;
  expect: 'reject' | 'any';
  /** Broken framing (a body shorter than its Content-Length…): the server may close without answering. */
  mayGoUnanswered: boolean;
  auth: AuthChoice;
  params: ParamChoice[];
  /** name, value, already percent-encoded. */
  query: [string, string][];
  /** Extra header lines, name and value (latin1: bytes ≥ 0x80 go as they are). */
  headers: [string, string][];
  /** Extra header lines sent verbatim (malformed ones). */
  rawHeaderLines: string[];
  /** `default`: application/json when there is a body. null: no Content-Type. */
  contentType: string | null;
  idempotencyKey: string | null;
  body: BodyChoice;
  framing: Framing;
  requestLine: { method?: string; version?: string; target?: 'absolute' | 'no-slash' | 'asterisk' | 'raw-space' | 'fragment' | 'raw-bytes' } | null;
  omitHost: boolean;
}

export type AuthChoice =
  | { kind: 'valid'; mode: 'test' | 'live' }
  | { kind: 'absent' }
  /** `value` with `{key}` replaced by the valid credential. */
  | { kind: 'raw'; value: string }
  | { kind: 'surface'; as: 'workspace' | 'expert' | 'admin' }
  | { kind: 'duplicate'; second: string };

export type ParamChoice = { kind: 'real'; pick: number; cross?: boolean } | { kind: 'bad'; value: string; verbatim: boolean };

export type BodyChoice =
  | { kind: 'none' }
  | { kind: 'json'; value: J }
  | { kind: 'syntax'; value: J; variant: string; cut: number }
  | { kind: 'utf8'; value: J; bytes: number[] }
  | { kind: 'text'; text: string };

export type Framing =
  | { kind: 'normal' }
  | { kind: 'cl-delta'; delta: number }
  | { kind: 'cl-raw'; values: string[] }
  | { kind: 'chunked'; badSize: string | null }
  | { kind: 'te-and-cl' }
  | { kind: 'te-other'; value: string };

/** A query pair whose value is this is sent as its name alone, verbatim. */
export const RAW_QUERY = '\u0000raw';

/** The marker the invalid-UTF-8 family puts in a string, replaced by raw bytes when rendered. */
export const UTF8_MARKER = '\ue000UTF8\ue000';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasNulOrLoneSurrogate = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

export const BODY_LIMIT = 1024 * 1024;
export const HEADER_LIMIT = 16 * 1024;

export interface Base {
  auth: AuthChoice;
  params: ParamChoice[];
  query: [string, string][];
  idempotencyKey: string | null;
  body: BodyChoice;
}

export type Mutation = Partial<Omit<FuzzCase, 'endpoint' | 'family' | 'expect' | 'detail'>> & { family: string; detail: string; reject: boolean };
/** fc.oneof wants weights next to the arbitraries; keep them together. */
const WEIGHTS = new WeakMap<object, number>();
export function weighted<T>(arbitrary: fc.Arbitrary<T>, weight: number): fc.Arbitrary<T> {
  WEIGHTS.set(arbitrary, weight);
  return arbitrary;
}
export const weightOf = (arbitrary: object): number => WEIGHTS.get(arbitrary) ?? 1;

/** The `index`th of `items`, wrapping round: fast-check picks an index, the list stays fixed. */
export function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length];
}
