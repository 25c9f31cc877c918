import fc from 'fast-check';
import type { Catalog, Endpoint } from './catalog';
import { addEntry, isMapLocation, locations, removeEntry, replaceAt, type JPath, type Location } from './json-paths';
import { isObj, isRaw, jsonText, jsonType, obj, pct, type J } from './json-text';
import { typesOf, validArbitrary, type Hints, type Schema, type SchemaRegistry } from './schema-arbitrary';

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

const BODY_LIMIT = 1024 * 1024;
const HEADER_LIMIT = 16 * 1024;

interface Base {
  auth: AuthChoice;
  params: ParamChoice[];
  query: [string, string][];
  idempotencyKey: string | null;
  body: BodyChoice;
}

type Mutation = Partial<Omit<FuzzCase, 'endpoint' | 'family' | 'expect' | 'detail'>> & { family: string; detail: string; reject: boolean };

/** Everything a request needs besides its mutation: valid credentials, real identifiers, a valid body and query. */
function baseArbitrary(endpoint: Endpoint, catalog: Catalog, hints: Hints): fc.Arbitrary<Base> {
  const body: fc.Arbitrary<BodyChoice> = !endpoint.body
    ? fc.constant({ kind: 'none' })
    : !endpoint.body.schema
      ? fc.constantFrom<BodyChoice>({ kind: 'none' }, { kind: 'json', value: obj([]) })
      : endpoint.body.required
        ? validArbitrary(endpoint.body.schema, catalog.registry, hints).map((value): BodyChoice => ({ kind: 'json', value }))
        : fc.oneof(
            { weight: 1, arbitrary: fc.constant<BodyChoice>({ kind: 'none' }) },
            { weight: 3, arbitrary: validArbitrary(endpoint.body.schema, catalog.registry, hints).map((value): BodyChoice => ({ kind: 'json', value })) },
          );
  return fc.record({
    auth: fc.constantFrom<'test' | 'live'>('test', 'test', 'live').map((mode): AuthChoice => ({ kind: 'valid', mode })),
    params: fc.tuple(...endpoint.pathParams.map(() => fc.nat(999).map((pick): ParamChoice => ({ kind: 'real', pick })))),
    query: validQuery(endpoint, catalog.registry, hints),
    // Half the requests carry a key: mostly a fresh one, sometimes one every request of the run shares (replays across resources).
    idempotencyKey: endpoint.idempotencyKey
      ? fc.option(fc.oneof({ weight: 5, arbitrary: fc.stringMatching(/^fz-[a-z0-9]{6,20}$/) }, { weight: 1, arbitrary: fc.constantFrom('fz-shared-1', 'fz-shared-2') }), { nil: null, freq: 2 })
      : fc.constant(null),
    body,
  });
}

function validQuery(endpoint: Endpoint, registry: SchemaRegistry, hints: Hints): fc.Arbitrary<[string, string][]> {
  if (endpoint.query.length === 0) return fc.constant([]);
  const optional = endpoint.query
    .filter((param) => param.name !== 'cursor')
    .map((param) => {
      const schema = param.repeatable ? ((param.schema.items as Schema) ?? { type: 'string' }) : param.schema;
      return fc.option(
        validArbitrary(schema, registry, hints, param.name === 'created_after' || param.name === 'created_before' ? param.name : undefined).map((value): [string, string] => [param.name, pct(queryText(value))]),
        { nil: null, freq: 3 },
      );
    });
  return fc.tuple(...optional).map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== null));
}

const queryText = (value: J): string => (typeof value === 'string' ? value : jsonText(value).replace(/^"|"$/g, ''));

function assemble(endpoint: Endpoint, base: Base, mutation: Mutation): FuzzCase {
  const { family, detail, reject: rejected, ...parts } = mutation;
  return {
    endpoint: endpoint.key,
    family,
    detail,
    expect: rejected ? 'reject' : 'any',
    mayGoUnanswered: false,
    auth: base.auth,
    params: base.params,
    query: base.query,
    headers: [],
    rawHeaderLines: [],
    contentType: 'default',
    idempotencyKey: base.idempotencyKey,
    body: base.body,
    framing: { kind: 'normal' },
    requestLine: null,
    omitHost: false,
    ...parts,
  };
}

// ---------------------------------------------------------------------------------------------
// Body mutations

const WRONG_TYPES: J[] = [
  1, 0, -1, 1.5, { $raw: '-0' }, { $raw: '1e308' }, { $raw: '1e999' }, { $raw: '-1e999' }, 'x', '', '1', 'NaN', 'Infinity', '-0', 'null', 'true', '[object Object]',
  true, false, null, [], ['x'], [1, 'a'], obj([]), obj([['a', 1]]), [obj([])],
];

function compatible(value: J, types: Set<string>): boolean {
  if (isRaw(value) && /e999/.test(value.$raw)) return false;
  const type = jsonType(value);
  if (type === 'integer') return types.has('integer') || types.has('number');
  if (type === 'number') return types.has('number');
  return types.has(type);
}

interface Candidate {
  value: J;
  reject: boolean;
  note: string;
}

const ISO_NOW = (): string => new Date().toISOString();

/** Values at and past the limits the schema at `location` states, each with whether it is certainly refused. */
function boundaryCandidates(location: Location, registry: SchemaRegistry, name: string): Candidate[] {
  const schema = location.schema;
  const types = typesOf(schema, registry);
  const out: Candidate[] = [];
  const min = typeof schema?.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema?.maximum === 'number' ? schema.maximum : undefined;
  const minLength = typeof schema?.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema?.maxLength === 'number' ? schema.maxLength : undefined;
  if (Array.isArray(schema?.enum)) {
    const first = String(schema.enum[0]);
    for (const value of ['', 'NOPE', first.toUpperCase(), `${first} `, ` ${first}`, `${first}\u0000`, first.slice(0, -1)]) out.push({ value, reject: !schema.enum.includes(value), note: 'enum' });
    return out;
  }
  if (types.has('string')) {
    const pattern = typeof schema?.pattern === 'string' ? new RegExp(schema.pattern) : null;
    const check = (value: string): boolean => {
      const characters = [...value].length;
      return (pattern ? !pattern.test(value) : false) || characters < minLength || (maxLength !== undefined && characters > maxLength);
    };
    if (schema?.format === 'uri' || /url$/.test(name)) {
      for (const value of ['', 'not a url', 'https://', 'ftp://example.com/x', 'https://exa mple.com/']) out.push({ value, reject: true, note: 'uri' });
      for (const value of ['http://example.com/x', 'javascript:alert(1)', 'file:///etc/passwd', 'https://127.0.0.1/', 'https://[::1]/', 'https://[::127.0.0.1]/', 'https://[2002:7f00:1::]/', 'https://[64:ff9b::7f00:1]/', 'https://[2001::1]/', 'https://169.254.169.254/latest/meta-data', 'https://0x7f.1/', 'https://localhost./'])
        out.push({ value, reject: false, note: 'uri' });
      if (maxLength !== undefined) out.push({ value: `https://example.com/${'a'.repeat(maxLength)}`, reject: true, note: 'uri too long' });
      return out;
    }
    if (schema?.format === 'date-time' || schema?.format === 'date' || /scheduled_for|created_(after|before)/.test(name) || Array.isArray(schema?.oneOf)) {
      const scheduled = name === 'scheduled_for';
      out.push({ value: 'not-a-date', reject: true, note: 'date' });
      out.push({ value: '2026-02-30T00:00:00Z', reject: scheduled, note: 'date' });
      out.push({ value: '2026-13-01T00:00:00Z', reject: true, note: 'date' });
      out.push({ value: '9999-12-31T20:00:01Z', reject: scheduled, note: 'far future' });
      out.push({ value: '9000-01-01', reject: scheduled, note: 'far future' });
      out.push({ value: '+275760-09-13T00:00:00Z', reject: scheduled, note: 'extended year' });
      out.push({ value: '0000-01-01T00:00:00Z', reject: scheduled, note: 'year 0' });
      out.push({ value: '1970-01-01T00:00:00Z', reject: scheduled, note: 'past' });
      out.push({ value: ISO_NOW(), reject: scheduled, note: 'now' });
      out.push({ value: '2026-11-01T10:00:00+25:00', reject: scheduled, note: 'bad offset' });
      out.push({ value: '', reject: scheduled, note: 'empty' });
      return out;
    }
    if (minLength > 0) out.push({ value: 'x'.repeat(minLength - 1), reject: true, note: 'minLength-1' });
    out.push({ value: '', reject: check(''), note: 'empty' });
    out.push({ value: ' ', reject: check(' '), note: 'blank' });
    if (maxLength !== undefined) {
      out.push({ value: 'a'.repeat(maxLength), reject: check('a'.repeat(maxLength)), note: 'maxLength' });
      out.push({ value: 'a'.repeat(maxLength + 1), reject: true, note: 'maxLength+1' });
      // Lengths count characters (code points), as JSON Schema and class-validator do: a pair is one.
      out.push({ value: '😀'.repeat(maxLength), reject: check('😀'.repeat(maxLength)), note: 'maxLength in surrogate pairs' });
      out.push({ value: '😀'.repeat(maxLength + 1), reject: true, note: 'maxLength+1 in surrogate pairs' });
    }
    if (pattern) for (const value of ['UPPER', '-lead', 'a b', 'a/b', 'İ', 'a'.repeat(101)]) out.push({ value, reject: check(value), note: 'pattern' });
    return out;
  }
  if (types.has('integer') || types.has('number')) {
    const integerOnly = types.has('integer') && !types.has('number');
    const push = (value: J, bad: boolean, note: string): void => void out.push({ value, reject: bad, note });
    if (min !== undefined) {
      push(min - 1, true, 'minimum-1');
      push(min, false, 'minimum');
    }
    if (max !== undefined) {
      push(max, false, 'maximum');
      push(max + 1, true, 'maximum+1');
    }
    push(1.5, integerOnly, 'fraction');
    push({ $raw: '1e308' }, max !== undefined && max < 1e308, '1e308');
    push({ $raw: '1e999' }, true, 'overflows to Infinity');
    push({ $raw: '-0' }, min !== undefined && min > 0, '-0');
    push({ $raw: '0.1e-400' }, min !== undefined && min > 0, 'underflows to 0');
    push(2 ** 53 + 1, max !== undefined && max < 2 ** 53, '2^53+1');
    push(-(2 ** 63), min !== undefined, '-2^63');
    push({ $raw: '123456789012345678901234567890' }, max !== undefined, '30 digits');
    push({ $raw: '1.0' }, (min !== undefined && 1 < min) || (max !== undefined && 1 > max), '1.0');
    return out;
  }
  if (types.has('array')) {
    const minItems = typeof schema?.minItems === 'number' ? schema.minItems : 0;
    const maxItems = typeof schema?.maxItems === 'number' ? schema.maxItems : undefined;
    const existing = Array.isArray(location.value) && location.value.length > 0 ? location.value[0] : 'x';
    const distinct = (count: number): J[] => Array.from({ length: count }, (_, index) => (typeof existing === 'string' ? `${existing.slice(0, 50)}${index}` : existing));
    out.push({ value: [], reject: minItems > 0, note: 'empty' });
    if (maxItems !== undefined) {
      out.push({ value: distinct(maxItems + 1), reject: true, note: 'maxItems+1' });
      out.push({ value: distinct(maxItems), reject: false, note: 'maxItems' });
    }
    if (schema?.uniqueItems) out.push({ value: [existing, existing], reject: true, note: 'duplicates' });
    return out;
  }
  if (isMapLocation(location)) {
    const maxProperties = typeof schema?.maxProperties === 'number' ? schema.maxProperties : 50;
    const entries = (count: number): [string, J][] => Array.from({ length: count }, (_, index) => [`k${index}`, 'v']);
    out.push({ value: obj(entries(maxProperties + 1)), reject: true, note: 'maxProperties+1' });
    out.push({ value: obj(entries(maxProperties)), reject: false, note: 'maxProperties' });
    out.push({ value: obj([['k'.repeat(41), 'v']]), reject: true, note: 'key of 41' });
    out.push({ value: obj([['k'.repeat(40), 'v']]), reject: false, note: 'key of 40' });
    out.push({ value: obj([['', 'v']]), reject: true, note: 'empty key' });
    out.push({ value: obj([['k', 'v'.repeat(501)]]), reject: true, note: 'value of 501' });
    out.push({ value: obj([['k', 'v'.repeat(500)]]), reject: false, note: 'value of 500' });
    out.push({ value: obj([['k', { $raw: '1e999' }]]), reject: true, note: 'Infinity value' });
    return out;
  }
  if (types.has('object') || schema?.properties) {
    const required = (schema?.required ?? []) as string[];
    out.push({ value: obj([]), reject: required.length > 0, note: 'empty object' });
  }
  return out;
}

const NUL_FORMS = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000', 'tail\u0000'];
const SURROGATE_FORMS = ['\ud800', 'a\udfffb', '\udc00\ud800', '\ud83d', 'x\ud800\ud800', '\udbff'];
const OTHER_STRINGS = [
  '\u0001', '\u001b[2J', '\u007f', '\u202e', '\ufeff', '\uffff', '\ufffe', '\ud83d\ude00', '\u2028', '\r\n', '\\', '"', '%00', "' OR 1=1 --", '{{7*7}}',
  '${jndi:ldap://x/a}', '<script>alert(1)</script>', '\u0085', 'é', '\u0300', '../../etc/passwd', '\u0000'.replace('\u0000', '\\u0000'),
];
const EVIL_KEYS = ['a\u0000b', '\u0000', '\ud800', 'k\udfff', '\udc00\ud800', '', ' ', 'k'.repeat(41), 'k'.repeat(1000), '😀', 'é', 'a.b', 'a[0]', '$where', '__proto__x', 'x'.repeat(40)];
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', '__lookupGetter__', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString'];
const PROTOTYPE_VALUES: J[] = ['x', 1, true, null, obj([]), obj([['polluted', true]]), obj([['prototype', obj([['polluted', true]])]]), [], obj([['toString', 'x']])];

/** Fixed-size choices for the huge family; the run decides how big it may go. */
export const HUGE_SIZES = [1000, 20_001, 100_001, 200_001, BODY_LIMIT - 400, BODY_LIMIT - 60, BODY_LIMIT + 1, 2_000_000];

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length];
}

/** The string values of a body (where a hostile string can go). */
const stringLocations = (all: Location[]): Location[] => all.filter((location) => typeof location.value === 'string' && location.path.length > 0);
const objectLocations = (all: Location[]): Location[] => all.filter((location) => isObj(location.value));

function insertText(original: string, evil: string, where: number): string {
  switch (where % 4) {
    case 0:
      return evil;
    case 1:
      return `${evil}${original}`;
    case 2:
      return `${original}${evil}`;
    default: {
      const middle = Math.floor(original.length / 2);
      return `${original.slice(0, middle)}${evil}${original.slice(middle)}`;
    }
  }
}

const declaredProperty = (location: Location | undefined, key: string): boolean => !!location && !isMapLocation(location) && !!(location.schema?.properties as Record<string, unknown> | undefined)?.[key];

function bodyValue(base: Base): J {
  return base.body.kind === 'json' ? base.body.value : obj([]);
}

function bodyMutations(endpoint: Endpoint, catalog: Catalog): fc.Arbitrary<(base: Base) => Mutation>[] {
  const schema = endpoint.body?.schema ?? undefined;
  const registry = catalog.registry;
  const reads = !!endpoint.body;
  const where = (base: Base) => {
    const value = bodyValue(base);
    return { value, all: locations(value, schema ?? undefined, registry) };
  };
  const json = (value: J): BodyChoice => ({ kind: 'json', value });
  const families: [number, fc.Arbitrary<(base: Base) => Mutation>][] = [];

  families.push([
    3,
    fc.tuple(fc.nat(), fc.nat()).map(([at, alt]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const targets = all.filter((location) => location.path.length > 0);
      const location = targets.length > 0 ? pick(targets, at) : all[0];
      const replacement = pick(WRONG_TYPES, alt);
      const types = typesOf(location.schema, registry);
      const bad = location.path.length === 0 ? !isObj(replacement) : types.size > 0 && replacement !== null && !compatible(replacement, types);
      return { family: 'body.wrong-type', detail: `${pathName(location.path)} = ${jsonText(replacement)}`, reject: reads && bad, body: json(replaceAt(value, location.path, () => replacement)) };
    }),
  ]);

  families.push([
    3,
    fc.tuple(fc.nat(), fc.nat()).map(([at, choice]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const withCandidates = all.map((location) => ({ location, candidates: boundaryCandidates(location, registry, String(location.path[location.path.length - 1] ?? '')) })).filter((entry) => entry.candidates.length > 0);
      if (withCandidates.length === 0) return { family: 'body.boundary', detail: 'no bounded field', reject: false, body: json(value) };
      const { location, candidates } = pick(withCandidates, at);
      const candidate = pick(candidates, choice);
      return { family: 'body.boundary', detail: `${pathName(location.path)}: ${candidate.note}`, reject: reads && candidate.reject, body: json(replaceAt(value, location.path, () => candidate.value)) };
    }),
  ]);

  for (const [family, forms] of [
    ['body.nul', NUL_FORMS],
    ['body.surrogate', SURROGATE_FORMS],
    ['body.odd-string', OTHER_STRINGS],
  ] as const) {
    families.push([
      family === 'body.odd-string' ? 1 : 3,
      fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(([at, form, position]) => (base: Base): Mutation => {
        const { value, all } = where(base);
        const evil = pick(forms, form);
        const strings = stringLocations(all);
        if (strings.length === 0) {
          return { family, detail: `new field x_fuzz = ${JSON.stringify(evil)}`, reject: reads && (hasNulOrLoneSurrogate(evil) || !isMapLocation(all[0])), body: json(addEntry(value, [], ['x_fuzz', evil])) };
        }
        const location = pick(strings, at);
        const text = insertText(location.value as string, evil, position);
        return { family, detail: `${pathName(location.path)} = ${JSON.stringify(text).slice(0, 60)}`, reject: reads && hasNulOrLoneSurrogate(text), body: json(replaceAt(value, location.path, () => text)) };
      }),
    ]);
  }

  families.push([
    2,
    fc.tuple(fc.nat(), fc.nat(), fc.constantFrom<J>('v', 1, true)).map(([at, which, item]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const location = pick(objectLocations(all), at) ?? all[0];
      const key = pick(EVIL_KEYS, which);
      const map = isMapLocation(location);
      const bad = !map || hasNulOrLoneSurrogate(key) || key.length === 0 || key.length > 40;
      return { family: 'body.odd-key', detail: `${pathName(location.path)} key ${JSON.stringify(key).slice(0, 40)}`, reject: reads && bad, body: json(addEntry(value, location.path, [key, item])) };
    }),
  ]);

  families.push([
    3,
    fc.tuple(fc.nat(), fc.nat(), fc.nat(PROTOTYPE_VALUES.length - 1), fc.boolean(), fc.boolean()).map(([at, which, valueIndex, atStart, nested]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const objects = objectLocations(all);
      const location = nested && objects.length > 1 ? pick(objects.slice(1), at) : objects[0] ?? all[0];
      const name = pick(PROTOTYPE_NAMES, which);
      const item = PROTOTYPE_VALUES[valueIndex];
      const map = isMapLocation(location);
      const bad = !map || name === '__proto__' || item === null || typeof item === 'object';
      return { family: 'body.prototype-key', detail: `${pathName([...location.path, name])} = ${jsonText(item)}`, reject: reads && bad, body: json(addEntry(value, location.path, [name, item], atStart)) };
    }),
  ]);

  families.push([
    3,
    fc
      .tuple(
        fc.nat(),
        fc.oneof(fc.integer({ min: 10, max: 100 }), fc.integer({ min: 100, max: 1000 }), fc.integer({ min: 1000, max: 5000 }), fc.constant(5000)),
        fc.constantFrom<'array' | 'object' | 'mixed'>('array', 'object', 'mixed'),
        fc.constantFrom<J>(1, 'x', obj([]), '\u0000', null),
        fc.constantFrom<'root' | 'field' | 'new'>('root', 'field', 'field', 'new'),
      )
      .map(([at, depth, kind, leaf, target]) => (base: Base): Mutation => {
        const { value, all } = where(base);
        const nest: J = { $nest: depth, kind, leaf };
        if (target === 'root') return { family: 'body.deep', detail: `body nested ${depth} deep (${kind})`, reject: reads, body: json(nest) };
        if (target === 'new') return { family: 'body.deep', detail: `new field nested ${depth} deep (${kind})`, reject: reads, body: json(addEntry(value, [], ['x_deep', nest])) };
        const targets = all.filter((location) => location.path.length > 0);
        const location = targets.length > 0 ? pick(targets, at) : all[0];
        return { family: 'body.deep', detail: `${pathName(location.path)} nested ${depth} deep (${kind})`, reject: reads, body: json(replaceAt(value, location.path, () => nest)) };
      }),
  ]);

  families.push([
    2,
    fc.tuple(fc.nat(), fc.nat(HUGE_SIZES.length - 1), fc.constantFrom('a', 'é', '😀', '\u0000', '"', '\\'), fc.constantFrom<'string' | 'array' | 'keys'>('string', 'string', 'string', 'array', 'keys')).map(([at, sizeIndex, unit, shape]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const size = HUGE_SIZES[sizeIndex];
      if (shape === 'array') {
        const count = Math.min(size, 200_000);
        const arrays = all.filter((location) => Array.isArray(location.value));
        const huge = Array.from({ length: count }, () => 1);
        const body = arrays.length > 0 ? replaceAt(value, pick(arrays, at).path, () => huge) : addEntry(value, [], ['x_array', huge]);
        return { family: 'body.huge', detail: `array of ${count}`, reject: reads, body: json(body) };
      }
      if (shape === 'keys') {
        const count = Math.min(Math.max(51, Math.floor(size / 20)), 60_000);
        const maps = all.filter(isMapLocation);
        const entries: [string, J][] = Array.from({ length: count }, (_, index) => [`k${index}`, 1]);
        const body = maps.length > 0 ? replaceAt(value, pick(maps, at).path, () => obj(entries)) : obj([...(isObj(value) ? value.$o : []), ...entries]);
        return { family: 'body.huge', detail: `${count} keys`, reject: reads, body: json(body) };
      }
      const strings = stringLocations(all);
      const big: J = { $big: size, unit };
      const location = strings.length > 0 ? pick(strings, at) : null;
      const body = location ? replaceAt(value, location.path, () => big) : addEntry(value, [], ['x_big', big]);
      const bytes = Buffer.byteLength(jsonText(body));
      const maxLength = typeof location?.schema?.maxLength === 'number' ? location.schema.maxLength : Number.POSITIVE_INFINITY;
      const characters = Math.floor(size / unit.length) * [...unit].length;
      const bad = bytes > BODY_LIMIT || !location || characters > maxLength || unit === '\u0000' || (location.inMap && characters > 500);
      return { family: 'body.huge', detail: `${location ? pathName(location.path) : 'x_big'}: ${size} × ${JSON.stringify(unit)} (${bytes} bytes)`, reject: reads && bad, body: json(body) };
    }),
  ]);

  families.push([
    2,
    fc.tuple(fc.nat(), fc.stringMatching(/^[a-z][a-z_]{0,15}$/), fc.constantFrom<J>('x', 1, null, obj([]))).map(([at, name, item]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const objects = objectLocations(all);
      const location = pick(objects, at) ?? all[0];
      const known = declaredProperty(location, name) || isMapLocation(location);
      return { family: 'body.unknown-field', detail: `${pathName([...location.path, name])}`, reject: reads && !known, body: json(addEntry(value, location.path, [name, item])) };
    }),
  ]);

  families.push([
    2,
    fc.tuple(fc.nat(), fc.nat()).map(([at, which]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const objects = objectLocations(all).filter((location) => Array.isArray(location.schema?.required) && (location.schema.required as string[]).length > 0);
      if (objects.length === 0) {
        const first = objectLocations(all)[0];
        const entries = first && isObj(first.value) ? first.value.$o : [];
        if (entries.length === 0) return { family: 'body.missing-required', detail: 'nothing required', reject: false, body: json(value) };
        const key = pick(entries, which)[0];
        return { family: 'body.missing-required', detail: `without ${key} (optional)`, reject: false, body: json(removeEntry(value, first.path, key)) };
      }
      const location = pick(objects, at);
      const key = pick(location.schema?.required as string[], which);
      return { family: 'body.missing-required', detail: `without ${pathName([...location.path, key])}`, reject: reads, body: json(removeEntry(value, location.path, key)) };
    }),
  ]);

  families.push([
    1,
    fc.tuple(fc.nat(), fc.nat(), fc.boolean()).map(([at, alt, first]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const objects = objectLocations(all).filter((location) => isObj(location.value) && location.value.$o.length > 0);
      if (objects.length === 0) return { family: 'body.duplicate-key', detail: 'no key to repeat', reject: false, body: json(value) };
      const location = pick(objects, at);
      const [key] = pick(isObj(location.value) ? location.value.$o : [], alt);
      return { family: 'body.duplicate-key', detail: `${pathName([...location.path, key])} twice`, reject: false, body: json(addEntry(value, location.path, [key, pick(WRONG_TYPES, alt)], first)) };
    }),
  ]);

  families.push([
    2,
    fc.nat().map((which) => (base: Base): Mutation => {
      const choices: J[] = [[], ['x'], 'x', 1, true, null, { $raw: '""' }, { $raw: '0' }, [bodyValue(base)], { $raw: '-0' }, { $raw: '1e999' }];
      const root = pick(choices, which);
      return { family: 'body.not-an-object', detail: jsonText(root).slice(0, 40), reject: reads, body: json(root) };
    }),
  ]);

  families.push([
    3,
    fc.tuple(fc.nat(), fc.nat()).map(([which, cut]) => (base: Base): Mutation => {
      const variant = pick(SYNTAX_VARIANTS, which);
      const emptyOk = variant.name === 'empty' || variant.name === 'only-whitespace';
      const bad = emptyOk ? !!endpoint.body?.required : variant.reject;
      return { family: 'body.syntax', detail: variant.name, reject: reads && bad, body: { kind: 'syntax', value: bodyValue(base), variant: variant.name, cut } };
    }),
  ]);

  families.push([
    2,
    fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(([at, which, position]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const bytes = pick(INVALID_UTF8, which);
      const strings = stringLocations(all);
      const location = strings.length > 0 ? pick(strings, at) : null;
      const body = location ? replaceAt(value, location.path, (old) => insertText(String(old), UTF8_MARKER, position)) : addEntry(value, [], ['x_utf8', UTF8_MARKER]);
      return { family: 'body.invalid-utf8', detail: `${location ? pathName(location.path) : 'x_utf8'} += ${bytes.map((byte) => byte.toString(16)).join(' ')}`, reject: reads, body: { kind: 'utf8', value: body, bytes } };
    }),
  ]);

  families.push([
    2,
    fc.nat().map((which) => (base: Base): Mutation => {
      const [type, bad] = pick(CONTENT_TYPES, which);
      const body = base.body.kind === 'json' ? base.body : json(obj([]));
      const types: [string, string][] = Array.isArray(type) ? type.map((item): [string, string] => ['Content-Type', item]) : [];
      return {
        family: 'body.content-type',
        detail: JSON.stringify(type),
        reject: reads && bad,
        body,
        contentType: Array.isArray(type) ? null : type,
        headers: types,
      };
    }),
  ]);
  return families.map(([weight, arbitrary]) => weighted(arbitrary, weight));
}

/** fc.oneof wants weights next to the arbitraries; keep them together. */
const WEIGHTS = new WeakMap<object, number>();
function weighted<T>(arbitrary: fc.Arbitrary<T>, weight: number): fc.Arbitrary<T> {
  WEIGHTS.set(arbitrary, weight);
  return arbitrary;
}
const weightOf = (arbitrary: object): number => WEIGHTS.get(arbitrary) ?? 1;

const INVALID_UTF8 = [[0xff], [0xfe], [0xc3, 0x28], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]];

/** [content type (an array: several Content-Type headers), certainly refused when a body reading route gets it]. */
const CONTENT_TYPES: [string | null | string[], boolean][] = [
  ['text/plain', true],
  ['application/x-www-form-urlencoded', true],
  ['multipart/form-data; boundary=x', true],
  ['application/xml', true],
  ['application/jsonx', true],
  ['application/vnd.api+json', false],
  ['application/merge-patch+json', false],
  ['APPLICATION/JSON', false],
  ['application/json; charset=utf-8', false],
  ['application/json; charset=latin1', false],
  ['application/json; charset=utf-16', false],
  ['application/json;;;', false],
  ['application/json, text/plain', false],
  ['', false],
  [null, false],
  ['*/*', false],
  [['application/json', 'text/plain'], false],
  ['application/json; boundary="\u00e9"', false],
];

interface SyntaxVariant {
  name: string;
  reject: boolean;
  render: (text: string, cut: number) => string;
}

const inject = (text: string, entry: string): string => (text === '{}' || !text.startsWith('{') ? `{${entry}}` : `${text.slice(0, -1)},${entry}}`);

export const SYNTAX_VARIANTS: SyntaxVariant[] = [
  { name: 'truncated', reject: true, render: (text, cut) => text.slice(0, Math.max(1, cut % Math.max(1, text.length - 1))) },
  { name: 'trailing-comma', reject: true, render: (text) => (text === '{}' ? '{,}' : `${text.slice(0, -1)},}`) },
  { name: 'trailing-garbage', reject: true, render: (text) => `${text}x` },
  { name: 'two-values', reject: true, render: (text) => `${text}{}` },
  { name: 'single-quotes', reject: true, render: (text) => (text.includes('"') ? text.replace(/"/g, "'") : "{'a':'b'}") },
  { name: 'comment', reject: true, render: (text) => `/*c*/${text}` },
  { name: 'NaN', reject: true, render: (text) => inject(text, '"n":NaN') },
  { name: 'Infinity', reject: true, render: (text) => inject(text, '"n":-Infinity') },
  { name: 'leading-zero', reject: true, render: (text) => inject(text, '"n":01') },
  { name: 'hex-number', reject: true, render: (text) => inject(text, '"n":0x10') },
  { name: 'plus-number', reject: true, render: (text) => inject(text, '"n":+1') },
  { name: 'bad-escape', reject: true, render: (text) => inject(text, '"n":"\\x"') },
  { name: 'short-unicode-escape', reject: true, render: (text) => inject(text, '"n":"\\u12"') },
  { name: 'raw-control-char', reject: true, render: (text) => inject(text, '"n":"a\u0001b"') },
  { name: 'raw-newline-in-string', reject: true, render: (text) => inject(text, '"n":"a\nb"') },
  { name: 'unterminated-string', reject: true, render: () => '{"n":"abc' },
  { name: 'unquoted-key', reject: true, render: (text) => inject(text, 'n:1') },
  { name: 'unbalanced-5000', reject: true, render: () => '['.repeat(5000) },
  { name: 'bom', reject: false, render: (text) => `\ufeff${text}` },
  { name: 'whitespace', reject: false, render: (text) => ` \n\t${text}\r\n ` },
  { name: 'only-whitespace', reject: false, render: () => ' \n\t ' },
  { name: 'empty', reject: false, render: () => '' },
  { name: 'escaped-nul-key', reject: true, render: (text) => inject(text, '"\\u0000":1') },
  { name: 'escaped-lone-surrogate', reject: true, render: (text) => inject(text, '"n":"\\ud800"') },
  { name: 'proto-pollution', reject: true, render: (text) => inject(text, '"__proto__":{"polluted":true}') },
  { name: 'constructor-prototype', reject: true, render: (text) => inject(text, '"constructor":{"prototype":{"polluted":true}}') },
];

/** Bodies sent to routes that read none (GET, DELETE, actions without a body). */
function unexpectedBody(): fc.Arbitrary<(base: Base) => Mutation> {
  return fc.nat().map((which) => (): Mutation => {
    const bodies: BodyChoice[] = [
      { kind: 'json', value: obj([['x', 1]]) },
      { kind: 'json', value: { $nest: 3000, kind: 'array', leaf: 1 } },
      { kind: 'json', value: obj([['__proto__', obj([['polluted', true]])]]) },
      { kind: 'text', text: '{"truncated' },
      { kind: 'json', value: { $big: 1_100_000, unit: 'a' } },
      { kind: 'utf8', value: obj([['x', UTF8_MARKER]]), bytes: [0xff, 0xfe] },
    ];
    const body = pick(bodies, which);
    return { family: 'body.unexpected', detail: body.kind, reject: false, body };
  });
}

// ---------------------------------------------------------------------------------------------
// Path, query, header, framing and credential mutations

/** [value, sent verbatim (not percent-encoded)]. */
const BAD_IDS: [string, boolean][] = [
  ['x', false], ['dep_', false], ['dep_01arz3ndektsv4rrffq69g5fav', false], ['dep_01ARZ3NDEKTSV4RRFFQ69G5FA', false], ['dep_01ARZ3NDEKTSV4RRFFQ69G5FAVV', false],
  ['DEP_01ARZ3NDEKTSV4RRFFQ69G5FAV', false], ['dep_01ARZ3NDEKTSV4RRFFQ69G5FAV', false], ['hnd_01ARZ3NDEKTSV4RRFFQ69G5FAV', false], ['exp_01ARZ3NDEKTSV4RRFFQ69G5FAV', false],
  ['ws_01ARZ3NDEKTSV4RRFFQ69G5FAV', false], ['%', true], ['%00', true], ['%ff', true], ['%zz', true], ['%2e%2e', true], ['%2F', true], ['a%00b', true], ['%C0%AF', true], ['%ED%A0%80', true],
  ['__proto__', false], ['constructor', false], ['prototype', false], ['toString', false], ['hasOwnProperty', false], ['valueOf', false], ['😀', false], ['\u0000', false], ['\ud800', false],
  ['1e308', false], ['-0', false], ['NaN', false], ['null', false], ['undefined', false], ['[object Object]', false], [' ', false], ['a'.repeat(300), false], ['a'.repeat(5000), false],
  ['dep_01ARZ3NDEKTSV4RRFFQ69G5FAV;x=1', false], ['nope', false], ['..', true], ['.', true], ['', false],
];

function paramMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
  if (endpoint.pathParams.length === 0) return [];
  const bad = fc.tuple(fc.nat(), fc.nat()).map(([which, index]) => (base: Base): Mutation => {
    const position = index % endpoint.pathParams.length;
    const param = endpoint.pathParams[position];
    const [value, verbatim] = pick(BAD_IDS, which);
    const params = base.params.slice();
    params[position] = { kind: 'bad', value, verbatim };
    const decoded = verbatim ? safeDecode(value) : value;
    const routeChanging = value === '' || value === '..' || value === '.' || value === '%2F' || value === '%2e%2e';
    let bad = !routeChanging;
    if (param.kind === 'memory') bad = !routeChanging && !/^[a-z0-9][a-z0-9._-]{0,99}$/.test(decoded ?? '');
    if (param.kind === 'code') bad = false;
    if (param.kind === 'mode') bad = !routeChanging && decoded !== 'test' && decoded !== 'live';
    // A URL past the header limit is 431 whatever the route.
    if (value.length > HEADER_LIMIT) bad = true;
    return { family: 'path.bad-id', detail: `${param.name} = ${JSON.stringify(value).slice(0, 40)}`, reject: bad, params };
  });
  const cross = fc.tuple(fc.nat(), fc.nat(999)).map(([index, pickAt]) => (base: Base): Mutation => {
    const position = index % endpoint.pathParams.length;
    const params = base.params.slice();
    params[position] = { kind: 'real', pick: pickAt, cross: true };
    return { family: 'path.cross-kind-id', detail: `${endpoint.pathParams[position].name} from another kind`, reject: false, params };
  });
  return [weighted(bad, 4), weighted(cross, 1)];
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function queryMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
  const declared = endpoint.query;
  const isPublic = endpoint.surface === 'public';
  const out: fc.Arbitrary<(base: Base) => Mutation>[] = [];
  if (declared.length > 0) {
    out.push(
      weighted(
        fc.tuple(fc.nat(), fc.nat()).map(([which, choice]) => (base: Base): Mutation => {
          const param = pick(declared, which);
          const [value, bad] = pick(badQueryValues(param.name, param.schema, isPublic), choice);
          return { family: 'query.bad-value', detail: `${param.name}=${JSON.stringify(value).slice(0, 40)}`, reject: bad, query: [...base.query.filter(([name]) => name !== param.name), [param.name, pct(value)]] };
        }),
        3,
      ),
    );
    out.push(
      weighted(
        fc.nat().map((which) => (base: Base): Mutation => {
          const param = pick(declared, which);
          const value = param.name === 'limit' ? '5' : param.name === 'status' ? (param.schema.items ? 'pending' : 'active') : 'x';
          return { family: 'query.repeated', detail: `${param.name} twice`, reject: !param.repeatable && param.name !== 'status', query: [...base.query, [param.name, value], [param.name, value]] };
        }),
        1,
      ),
    );
  }
  out.push(
    weighted(
      fc.nat().map((which) => (base: Base): Mutation => {
        const [name, value] = pick(UNKNOWN_QUERY, which);
        const known = declared.some((param) => param.name === name);
        return { family: 'query.unknown', detail: `${name}=${value}`.slice(0, 50), reject: endpoint.refusesUnknownQuery && !known && name !== '', query: [...base.query, [pct(name), pct(value)]] };
      }),
      2,
    ),
  );
  out.push(
    weighted(
      fc.nat().map((which) => (base: Base): Mutation => {
        const raw = pick(RAW_QUERIES, which);
        return { family: 'query.raw', detail: raw.slice(0, 50), reject: raw.length > HEADER_LIMIT, query: [...base.query, [raw, RAW_QUERY]] };
      }),
      1,
    ),
  );
  return out;
}

const UNKNOWN_QUERY: [string, string][] = [
  ['foo', '1'], ['__proto__', 'x'], ['constructor', 'x'], ['toString', 'x'], ['hasOwnProperty', 'x'], ['__proto__[polluted]', 'true'], ['constructor[prototype][polluted]', 'true'],
  ['limit[]', '1'], ['a[b]', 'c'], ['', '1'], ['x\u0000', '1'], ['\ud800', '1'], ['😀', '😀'], ['q', 'a'.repeat(4000)],
];
const RAW_QUERIES = ['%zz=1', 'limit=%ff', '%00=%00', 'a=%E0%A4%A', '&&&', '=', 'a=b=c', ';limit=5', 'limit=5;limit=6', 'x='.concat('%41'.repeat(3000)), 'y='.concat('a'.repeat(20_000)), '%u0041=1', 'a+b=c+d', '?=?'];

function badQueryValues(name: string, schema: Schema, isPublic: boolean): [string, boolean][] {
  if (name === 'limit' || schema.type === 'integer')
    return [['0', true], ['101', true], ['-1', true], ['1.5', true], ['abc', true], ['NaN', true], ['Infinity', true], ['', isPublic], ['1000000000000000000000', true], [' 5', false], ['1e2', false], ['0x10', false], ['９', false], ['007', false], ['1\u0000', true]];
  // A well-formed position cursor naming something that may exist (`{"after":"nope"}`) is a cursor like any other.
  if (name === 'cursor') return [['x', isPublic], ['eyJ', isPublic], [Buffer.from('{"after":"nope"}').toString('base64url'), false], [Buffer.from('{"__proto__":{"a":1}}').toString('base64url'), isPublic], ['\u0000', isPublic], ['a'.repeat(5000), isPublic], ['', false]];
  if (schema.type === 'array' || Array.isArray(schema.enum)) return [['bogus', true], ['PENDING', true], ['pending,accepted', isPublic], ['', false], ['\u0000', true], ['__proto__', true]];
  if (typeof schema.pattern === 'string') return [['UPPER', true], ['-x', true], ['a'.repeat(65), true], ['', false], ['\ud800', true]];
  if (schema.format === 'date-time' || Array.isArray(schema.anyOf)) return [['yesterday', true], ['2026-13-45', true], ['', false], ['9999-99-99T99:99:99Z', true], ['1e308', false], ['0', false]];
  return [['', false], ['\u0000', false], ['a'.repeat(3000), false]];
}

function headerMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
  const readsBody = endpoint.body !== null;
  const out: fc.Arbitrary<(base: Base) => Mutation>[] = [];
  if (endpoint.idempotencyKey) {
    out.push(
      weighted(
        fc.tuple(fc.stringMatching(/^[a-z0-9]{4,12}$/), fc.stringMatching(/^[a-z0-9]{4,12}$/)).map(([a, b]) => (): Mutation => ({
          family: 'header.idempotency-key-twice',
          detail: `${a} / ${b}`,
          reject: a !== b,
          idempotencyKey: null,
          headers: [['Idempotency-Key', a], ['Idempotency-Key', b]],
        })),
        6,
      ),
    );
    // A few keys shared by every request of the run: a replay must never answer for another resource.
    out.push(
      weighted(
        fc.constantFrom('fz-shared-1', 'fz-shared-2').map((key) => (): Mutation => ({ family: 'header.idempotency-key-shared', detail: key, reject: false, idempotencyKey: key })),
        4,
      ),
    );
    out.push(
      weighted(
        fc.nat().map((which) => (): Mutation => {
          const [value, bad] = pick(BAD_IDEMPOTENCY_KEYS, which);
          return { family: 'header.idempotency-key-bad', detail: JSON.stringify(value).slice(0, 40), reject: bad, idempotencyKey: null, headers: [['Idempotency-Key', value]] };
        }),
        4,
      ),
    );
  }
  out.push(
    weighted(
      fc.nat().map((which) => (): Mutation => {
        const values = pick(BAD_VERSIONS, which);
        const valid = values.length === 1 && values[0] === '2026-11-01';
        const bad = endpoint.versioned && !valid && !(values.length === 1 && values[0] === '') && !(values.length === 2 && values[0] === values[1] && values[0] === '2026-11-01');
        return { family: 'header.service-version', detail: JSON.stringify(values).slice(0, 50), reject: bad || values.some((value) => value.length > HEADER_LIMIT), headers: values.map((value): [string, string] => ['Service-Version', value]) };
      }),
      2,
    ),
  );
  out.push(
    weighted(
      fc.tuple(fc.nat(), fc.constantFrom('X-Fuzz-Pad', 'Authorization-Extra', 'Cookie', 'Accept', 'User-Agent', 'Idempotency-Key', 'Service-Version')).map(([which, name]) => (): Mutation => {
        const size = pick([4000, 15_000, 17_000, 65_000, 200_000], which);
        return { family: 'header.huge', detail: `${name}: ${size} bytes`, reject: size > HEADER_LIMIT, headers: [[name, 'a'.repeat(size)]] };
      }),
      2,
    ),
  );
  out.push(
    weighted(
      fc.nat().map((which) => (): Mutation => {
        const count = pick([50, 500, 1500, 2500], which);
        const headers = Array.from({ length: count }, (_, index): [string, string] => [`X-F${index}`, 'v']);
        const bytes = headers.reduce((total, [name, value]) => total + name.length + value.length + 4, 0);
        return { family: 'header.many', detail: `${count} headers (${bytes} bytes)`, reject: bytes > HEADER_LIMIT + 1000, headers };
      }),
      1,
    ),
  );
  out.push(
    weighted(
      fc.nat().map((which) => (): Mutation => {
        const [line, bad] = pick(BAD_HEADER_LINES, which);
        return { family: 'header.malformed', detail: JSON.stringify(line).slice(0, 40), reject: bad, rawHeaderLines: [line] };
      }),
      2,
    ),
  );
  out.push(weighted(fc.constant((): Mutation => ({ family: 'header.no-host', detail: 'no Host', reject: true, omitHost: true })), 1));
  out.push(
    weighted(
      fc.tuple(fc.nat(), fc.integer({ min: 1, max: 50 })).map(([which, amount]) => (): Mutation => {
        switch (which % 7) {
          case 0:
            return { family: 'framing.content-length-short', detail: `-${amount}`, reject: false, framing: { kind: 'cl-delta', delta: -amount } };
          case 1:
            // A route that reads no body answers before the missing bytes would arrive.
            return { family: 'framing.content-length-long', detail: `+${amount}`, reject: readsBody, mayGoUnanswered: true, framing: { kind: 'cl-delta', delta: amount } };
          case 2: {
            const values = pick([['abc'], ['-1'], ['1e3'], ['+5'], ['0x10'], [' '], ['5', '6'], ['99999999999999999999']], amount);
            return { family: 'framing.content-length-bad', detail: values.join(' / '), reject: true, mayGoUnanswered: values[0] === '99999999999999999999', framing: { kind: 'cl-raw', values } };
          }
          case 3:
            return { family: 'framing.chunked', detail: 'valid chunks', reject: false, framing: { kind: 'chunked', badSize: null } };
          case 4: {
            const badSize = pick(['zz', '-1', 'fffffffffffffffff', '1;ext=\u0000', ''], amount);
            return { family: 'framing.chunked-bad', detail: JSON.stringify(badSize), reject: readsBody, mayGoUnanswered: true, framing: { kind: 'chunked', badSize } };
          }
          case 5:
            return { family: 'framing.te-and-cl', detail: 'Transfer-Encoding and Content-Length', reject: true, framing: { kind: 'te-and-cl' } };
          default: {
            const value = pick(['gzip', 'chunked, gzip', 'identity', 'xchunked', 'chunked\u00e9'], amount);
            return { family: 'framing.transfer-encoding', detail: value, reject: value !== 'chunked', mayGoUnanswered: true, framing: { kind: 'te-other', value } };
          }
        }
      }),
      3,
    ),
  );
  out.push(
    weighted(
      fc.nat().map((which) => (): Mutation => {
        const [line, bad] = pick(REQUEST_LINES, which);
        return { family: 'framing.request-line', detail: JSON.stringify(line), reject: bad, mayGoUnanswered: line.version === 'HTTP/0.9', requestLine: line };
      }),
      1,
    ),
  );
  return out;
}

const BAD_IDEMPOTENCY_KEYS: [string, boolean][] = [['a'.repeat(256), true], ['a'.repeat(255), false], ['', false], ['\u00e9t\u00e9', true], ['a\tb', true], ['a'.repeat(20_000), true], ['\u00ff\u00fe', true], ['key with spaces', false], ['"quoted"', false]];
const BAD_VERSIONS: string[][] = [
  ['2026-13-01'], ['yesterday'], ['2026-11-01T00:00:00Z'], ['0000-00-00'], ['9999-12-31'], ['1970-01-01'], ['x'.repeat(3000)], ['2026-11-01,2026-11-01'], [''], ['2026-11-01'],
  ['2026-11-01', '2025-01-01'], ['2026-11-01', '2026-11-01'], ['\u00e9'], ['2026-11-01\u00ff'], ['__proto__'], ['constructor'],
];
const BAD_HEADER_LINES: [string, boolean][] = [
  ['X-Fuzz: a\u0000b', true], ['X Fuzz: 1', true], ['X-Fuzz:\u007f', false], ['X-Fuzz: \u00e9\u00ff', false], ['X-Fuzz', true], [' folded: continuation', true], ['X-Fuzz: a\rb', true], [': no-name', true], ['X-Fuzz\t: 1', true], ['Content-Length : 5', true],
];
const REQUEST_LINES: [NonNullable<FuzzCase['requestLine']>, boolean][] = [
  [{ version: 'HTTP/1.0' }, false], [{ version: 'HTTP/1.2' }, false], [{ version: 'HTTP/2.0' }, false], [{ version: 'HTTP/0.9' }, true], [{ version: 'HTTP/x' }, true],
  [{ method: 'get' }, true], [{ method: 'BREW' }, true], [{ method: 'OPTIONS' }, false], [{ method: 'TRACE' }, false], [{ method: 'PROPFIND' }, false],
  [{ target: 'absolute' }, false], [{ target: 'no-slash' }, true], [{ target: 'asterisk' }, false], [{ target: 'raw-space' }, true], [{ target: 'fragment' }, false], [{ target: 'raw-bytes' }, false],
];

function authMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
  if (endpoint.auth === 'none') return [];
  const others = (['workspace', 'expert', 'admin'] as const).filter((surface) => !(surface === endpoint.auth || (surface === 'expert' && endpoint.auth === 'expert-b')));
  return [
    weighted(
      fc.nat().map((which) => (): Mutation => {
        const [value, bad] = pick(BAD_AUTH, which);
        return value === null
          ? { family: 'auth.absent', detail: 'no Authorization', reject: true, auth: { kind: 'absent' } }
          : { family: 'auth.bad', detail: JSON.stringify(value.replace('{key}', '<valid>')).slice(0, 60), reject: bad, auth: { kind: 'raw', value } };
      }),
      3,
    ),
    weighted(
      fc.nat().map((which) => (): Mutation => {
        const as = pick(others, which);
        return { family: 'auth.other-surface', detail: `${as} credential`, reject: true, auth: { kind: 'surface', as } };
      }),
      1,
    ),
    weighted(
      fc.constantFrom('Bearer svc_test_nope', 'Basic eDp5', '').map((second) => (): Mutation => ({ family: 'auth.twice', detail: `valid + ${JSON.stringify(second)}`, reject: false, auth: { kind: 'duplicate', second } })),
      1,
    ),
  ];
}

/** [Authorization value (`{key}` is the valid credential; null: no header), certainly refused]. */
const BAD_AUTH: [string | null, boolean][] = [
  [null, true], ['Bearer', true], ['Bearer ', true], ['Bearer svc_test_', true], ['Bearer svc_test_0000000000000000000000000000', true], ['Bearer svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', true],
  ['Bearer svc_expert_xxxxxxxxxxxxxxxxxxxxxxxxxxxx', true], ['Bearer svc_admin_xxxxxxxxxxxxxxxxxxxxxxxxxxxxx', true], ['Basic dXNlcjpwYXNz', true], ['bearer {key}', false], ['BEARER {key}', false],
  ['Bearer  {key}', false], ['Bearer {key} extra', true], ['{key}', true], ['Bearer {key}x', true], ['Bearer x{key}', true], ['Token {key}', true], [`Bearer ${'a'.repeat(10_000)}`, true],
  ['Bearer \u00e9\u00e9\u00e9', true], ['Bearer {key}\u00ff', true], ['Bearer null', true], ['Bearer undefined', true], ['Bearer __proto__', true], ['Bearer constructor', true], ['Bearer {key};', true],
];

// ---------------------------------------------------------------------------------------------

/**
 * Everything a request at `endpoint` can be: one mutation over a valid base. About half the
 * requests of a route with a body change the body; the rest go to headers and framing, path
 * identifiers, the query, credentials, and a few valid requests that reach the deepest paths.
 */
export function endpointArbitrary(endpoint: Endpoint, catalog: Catalog, hints: Hints): fc.Arbitrary<FuzzCase> {
  const base = baseArbitrary(endpoint, catalog, hints);
  const valid = fc.constant((): Mutation => ({ family: 'valid', detail: 'no mutation', reject: false }));
  const groups: [number, fc.Arbitrary<(base: Base) => Mutation>[]][] = [
    [5, [valid]],
    [endpoint.body?.schema ? 50 : 6, endpoint.body?.schema ? bodyMutations(endpoint, catalog) : [unexpectedBody()]],
    [15, headerMutations(endpoint)],
    [10, paramMutations(endpoint)],
    [8, queryMutations(endpoint)],
    [12, authMutations(endpoint)],
  ];
  const mutation = fc.oneof(
    ...groups
      .filter(([, families]) => families.length > 0)
      .map(([weight, families]) => ({ weight, arbitrary: fc.oneof(...families.map((arbitrary) => ({ weight: weightOf(arbitrary), arbitrary }))) })),
  );
  return fc.tuple(base, mutation).map(([parts, mutate]) => assemble(endpoint, parts, mutate(parts)));
}

/** Every endpoint, equally likely. */
export function requestArbitrary(catalog: Catalog, hints: Hints): fc.Arbitrary<FuzzCase> {
  return fc.oneof(...catalog.endpoints.map((endpoint) => endpointArbitrary(endpoint, catalog, hints)));
}

export const pathName = (path: JPath): string => (path.length === 0 ? '(body)' : path.map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)).join(''));
