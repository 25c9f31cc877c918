import fc from 'fast-check';
import type { Endpoint } from './catalog';
import { pct } from './json-text';
import { type Schema } from './schema-arbitrary';
import { type Base, HEADER_LIMIT, type Mutation, pick, RAW_QUERY, weighted } from './fuzz-case';

/** Mutations of a request's path identifiers and query string. */

/** [value, sent verbatim (not percent-encoded)]. */
const BAD_IDS: [string, boolean][] = [
  ['x', false],
  ['dep_', false],
  ['dep_01arz3ndektsv4rrffq69g5fav', false],
  ['dep_01ARZ3NDEKTSV4RRFFQ69G5FA', false],
  ['dep_01ARZ3NDEKTSV4RRFFQ69G5FAVV', false],
  ['DEP_01ARZ3NDEKTSV4RRFFQ69G5FAV', false],
  ['dep_01ARZ3NDEKTSV4RRFFQ69G5FAV', false],
  ['hnd_01ARZ3NDEKTSV4RRFFQ69G5FAV', false],
  ['exp_01ARZ3NDEKTSV4RRFFQ69G5FAV', false],
  ['ws_01ARZ3NDEKTSV4RRFFQ69G5FAV', false],
  ['%', true],
  ['%00', true],
  ['%ff', true],
  ['%zz', true],
  ['%2e%2e', true],
  ['%2F', true],
  ['a%00b', true],
  ['%C0%AF', true],
  ['%ED%A0%80', true],
  ['__proto__', false],
  ['constructor', false],
  ['prototype', false],
  ['toString', false],
  ['hasOwnProperty', false],
  ['valueOf', false],
  ['😀', false],
  ['\u0000', false],
  ['\ud800', false],
  ['1e308', false],
  ['-0', false],
  ['NaN', false],
  ['null', false],
  ['undefined', false],
  ['[object Object]', false],
  [' ', false],
  ['a'.repeat(300), false],
  ['a'.repeat(5000), false],
  ['dep_01ARZ3NDEKTSV4RRFFQ69G5FAV;x=1', false],
  ['nope', false],
  ['..', true],
  ['.', true],
  ['', false],
];

export function paramMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
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

export function queryMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
  const declared = endpoint.query;
  const isPublic = endpoint.surface === 'public';
  const out: fc.Arbitrary<(base: Base) => Mutation>[] = [];
  if (declared.length > 0) {
    out.push(
      weighted(
        fc.tuple(fc.nat(), fc.nat()).map(([which, choice]) => (base: Base): Mutation => {
          const param = pick(declared, which);
          const [value, bad] = pick(badQueryValues(param.name, param.schema, isPublic), choice);
          return {
            family: 'query.bad-value',
            detail: `${param.name}=${JSON.stringify(value).slice(0, 40)}`,
            reject: bad,
            query: [...base.query.filter(([name]) => name !== param.name), [param.name, pct(value)]],
          };
        }),
        3,
      ),
    );
    out.push(
      weighted(
        fc.nat().map((which) => (base: Base): Mutation => {
          const param = pick(declared, which);
          const value = param.name === 'limit' ? '5' : param.name === 'status' ? (param.schema.items ? 'pending' : 'active') : 'x';
          return {
            family: 'query.repeated',
            detail: `${param.name} twice`,
            reject: !param.repeatable && param.name !== 'status',
            query: [...base.query, [param.name, value], [param.name, value]],
          };
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
        return {
          family: 'query.unknown',
          detail: `${name}=${value}`.slice(0, 50),
          reject: endpoint.refusesUnknownQuery && !known && name !== '',
          query: [...base.query, [pct(name), pct(value)]],
        };
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
  ['foo', '1'],
  ['__proto__', 'x'],
  ['constructor', 'x'],
  ['toString', 'x'],
  ['hasOwnProperty', 'x'],
  ['__proto__[polluted]', 'true'],
  ['constructor[prototype][polluted]', 'true'],
  ['limit[]', '1'],
  ['a[b]', 'c'],
  ['', '1'],
  ['x\u0000', '1'],
  ['\ud800', '1'],
  ['😀', '😀'],
  ['q', 'a'.repeat(4000)],
];
const RAW_QUERIES = [
  '%zz=1',
  'limit=%ff',
  '%00=%00',
  'a=%E0%A4%A',
  '&&&',
  '=',
  'a=b=c',
  ';limit=5',
  'limit=5;limit=6',
  'x='.concat('%41'.repeat(3000)),
  'y='.concat('a'.repeat(20_000)),
  '%u0041=1',
  'a+b=c+d',
  '?=?',
];

function badQueryValues(name: string, schema: Schema, isPublic: boolean): [string, boolean][] {
  if (name === 'limit' || schema.type === 'integer')
    return [
      ['0', true],
      ['101', true],
      ['-1', true],
      ['1.5', true],
      ['abc', true],
      ['NaN', true],
      ['Infinity', true],
      ['', isPublic],
      ['1000000000000000000000', true],
      [' 5', false],
      ['1e2', false],
      ['0x10', false],
      ['９', false],
      ['007', false],
      ['1\u0000', true],
    ];
  // A well-formed position cursor naming something that may exist (`{"after":"nope"}`) is a cursor like any other.
  if (name === 'cursor')
    return [
      ['x', isPublic],
      ['eyJ', isPublic],
      [Buffer.from('{"after":"nope"}').toString('base64url'), false],
      [Buffer.from('{"__proto__":{"a":1}}').toString('base64url'), isPublic],
      ['\u0000', isPublic],
      ['a'.repeat(5000), isPublic],
      ['', false],
    ];
  if (schema.type === 'array' || Array.isArray(schema.enum))
    return [
      ['bogus', true],
      ['PENDING', true],
      ['pending,accepted', isPublic],
      ['', false],
      ['\u0000', true],
      ['__proto__', true],
    ];
  if (typeof schema.pattern === 'string')
    return [
      ['UPPER', true],
      ['-x', true],
      ['a'.repeat(65), true],
      ['', false],
      ['\ud800', true],
    ];
  if (schema.format === 'date-time' || Array.isArray(schema.anyOf))
    return [
      ['yesterday', true],
      ['2026-13-45', true],
      ['', false],
      ['9999-99-99T99:99:99Z', true],
      ['1e308', false],
      ['0', false],
    ];
  return [
    ['', false],
    ['\u0000', false],
    ['a'.repeat(3000), false],
  ];
}
