import fc from 'fast-check';
import type { Endpoint } from './catalog';
import { type Base, type FuzzCase, HEADER_LIMIT, type Mutation, pick, weighted } from './fuzz-case';

/** Mutations of a request's headers, HTTP framing and credentials. */

export function headerMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
  const readsBody = endpoint.body !== null;
  const out: fc.Arbitrary<(base: Base) => Mutation>[] = [];
  if (endpoint.idempotencyKey) {
    out.push(
      weighted(
        fc.tuple(fc.stringMatching(/^[a-z0-9]{4,12}$/), fc.stringMatching(/^[a-z0-9]{4,12}$/)).map(
          ([a, b]) =>
            (): Mutation => ({
              family: 'header.idempotency-key-twice',
              detail: `${a} / ${b}`,
              reject: a !== b,
              idempotencyKey: null,
              headers: [
                ['Idempotency-Key', a],
                ['Idempotency-Key', b],
              ],
            }),
        ),
        6,
      ),
    );
    // A few keys shared by every request of the run: a replay must never answer for another resource.
    out.push(
      weighted(
        fc
          .constantFrom('fz-shared-1', 'fz-shared-2')
          .map((key) => (): Mutation => ({ family: 'header.idempotency-key-shared', detail: key, reject: false, idempotencyKey: key })),
        4,
      ),
    );
    out.push(
      weighted(
        fc.nat().map((which) => (): Mutation => {
          const [value, bad] = pick(BAD_IDEMPOTENCY_KEYS, which);
          return {
            family: 'header.idempotency-key-bad',
            detail: JSON.stringify(value).slice(0, 40),
            reject: bad,
            idempotencyKey: null,
            headers: [['Idempotency-Key', value]],
          };
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
        const bad =
          endpoint.versioned &&
          !valid &&
          !(values.length === 1 && values[0] === '') &&
          !(values.length === 2 && values[0] === values[1] && values[0] === '2026-11-01');
        return {
          family: 'header.service-version',
          detail: JSON.stringify(values).slice(0, 50),
          reject: bad || values.some((value) => value.length > HEADER_LIMIT),
          headers: values.map((value): [string, string] => ['Service-Version', value]),
        };
      }),
      2,
    ),
  );
  out.push(
    weighted(
      fc
        .tuple(fc.nat(), fc.constantFrom('X-Fuzz-Pad', 'Authorization-Extra', 'Cookie', 'Accept', 'User-Agent', 'Idempotency-Key', 'Service-Version'))
        .map(([which, name]) => (): Mutation => {
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
  out.push(
    weighted(
      fc.constant((): Mutation => ({ family: 'header.no-host', detail: 'no Host', reject: true, omitHost: true })),
      1,
    ),
  );
  out.push(
    weighted(
      fc.tuple(fc.nat(), fc.integer({ min: 1, max: 50 })).map(([which, amount]) => (): Mutation => {
        switch (which % 7) {
          case 0:
            return { family: 'framing.content-length-short', detail: `-${amount}`, reject: false, framing: { kind: 'cl-delta', delta: -amount } };
          case 1:
            // A route that reads no body answers before the missing bytes would arrive.
            return {
              family: 'framing.content-length-long',
              detail: `+${amount}`,
              reject: readsBody,
              mayGoUnanswered: true,
              framing: { kind: 'cl-delta', delta: amount },
            };
          case 2: {
            const values = pick([['abc'], ['-1'], ['1e3'], ['+5'], ['0x10'], [' '], ['5', '6'], ['99999999999999999999']], amount);
            return {
              family: 'framing.content-length-bad',
              detail: values.join(' / '),
              reject: true,
              mayGoUnanswered: values[0] === '99999999999999999999',
              framing: { kind: 'cl-raw', values },
            };
          }
          case 3:
            return { family: 'framing.chunked', detail: 'valid chunks', reject: false, framing: { kind: 'chunked', badSize: null } };
          case 4: {
            const badSize = pick(['zz', '-1', 'fffffffffffffffff', '1;ext=\u0000', ''], amount);
            return {
              family: 'framing.chunked-bad',
              detail: JSON.stringify(badSize),
              reject: readsBody,
              mayGoUnanswered: true,
              framing: { kind: 'chunked', badSize },
            };
          }
          case 5:
            return { family: 'framing.te-and-cl', detail: 'Transfer-Encoding and Content-Length', reject: true, framing: { kind: 'te-and-cl' } };
          default: {
            const value = pick(['gzip', 'chunked, gzip', 'identity', 'xchunked', 'chunked\u00e9'], amount);
            return {
              family: 'framing.transfer-encoding',
              detail: value,
              reject: value !== 'chunked',
              mayGoUnanswered: true,
              framing: { kind: 'te-other', value },
            };
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

const BAD_IDEMPOTENCY_KEYS: [string, boolean][] = [
  ['a'.repeat(256), true],
  ['a'.repeat(255), false],
  ['', false],
  ['\u00e9t\u00e9', true],
  ['a\tb', true],
  ['a'.repeat(20_000), true],
  ['\u00ff\u00fe', true],
  ['key with spaces', false],
  ['"quoted"', false],
];
const BAD_VERSIONS: string[][] = [
  ['2026-13-01'],
  ['yesterday'],
  ['2026-11-01T00:00:00Z'],
  ['0000-00-00'],
  ['9999-12-31'],
  ['1970-01-01'],
  ['x'.repeat(3000)],
  ['2026-11-01,2026-11-01'],
  [''],
  ['2026-11-01'],
  ['2026-11-01', '2025-01-01'],
  ['2026-11-01', '2026-11-01'],
  ['\u00e9'],
  ['2026-11-01\u00ff'],
  ['__proto__'],
  ['constructor'],
];
const BAD_HEADER_LINES: [string, boolean][] = [
  ['X-Fuzz: a\u0000b', true],
  ['X Fuzz: 1', true],
  ['X-Fuzz:\u007f', false],
  ['X-Fuzz: \u00e9\u00ff', false],
  ['X-Fuzz', true],
  [' folded: continuation', true],
  ['X-Fuzz: a\rb', true],
  [': no-name', true],
  ['X-Fuzz\t: 1', true],
  ['Content-Length : 5', true],
];
const REQUEST_LINES: [NonNullable<FuzzCase['requestLine']>, boolean][] = [
  [{ version: 'HTTP/1.0' }, false],
  [{ version: 'HTTP/1.2' }, false],
  [{ version: 'HTTP/2.0' }, false],
  [{ version: 'HTTP/0.9' }, true],
  [{ version: 'HTTP/x' }, true],
  [{ method: 'get' }, true],
  [{ method: 'BREW' }, true],
  [{ method: 'OPTIONS' }, false],
  [{ method: 'TRACE' }, false],
  [{ method: 'PROPFIND' }, false],
  [{ target: 'absolute' }, false],
  [{ target: 'no-slash' }, true],
  [{ target: 'asterisk' }, false],
  [{ target: 'raw-space' }, true],
  [{ target: 'fragment' }, false],
  [{ target: 'raw-bytes' }, false],
];

export function authMutations(endpoint: Endpoint): fc.Arbitrary<(base: Base) => Mutation>[] {
  if (endpoint.auth === 'none') return [];
  const others = (['workspace', 'expert', 'admin'] as const).filter(
    (surface) => !(surface === endpoint.auth || (surface === 'expert' && endpoint.auth === 'expert-b')),
  );
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
      fc.constantFrom('Bearer svc_test_nope', 'Basic eDp5', '').map(
        (second) => (): Mutation => ({
          family: 'auth.twice',
          detail: `valid + ${JSON.stringify(second)}`,
          reject: false,
          auth: { kind: 'duplicate', second },
        }),
      ),
      1,
    ),
  ];
}

/** [Authorization value (`{key}` is the valid credential; null: no header), certainly refused]. */
const BAD_AUTH: [string | null, boolean][] = [
  [null, true],
  ['Bearer', true],
  ['Bearer ', true],
  ['Bearer svc_test_', true],
  ['Bearer svc_test_0000000000000000000000000000', true],
  ['Bearer svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', true],
  ['Bearer svc_expert_xxxxxxxxxxxxxxxxxxxxxxxxxxxx', true],
  ['Bearer svc_admin_xxxxxxxxxxxxxxxxxxxxxxxxxxxxx', true],
  ['Basic dXNlcjpwYXNz', true],
  ['bearer {key}', false],
  ['BEARER {key}', false],
  ['Bearer  {key}', false],
  ['Bearer {key} extra', true],
  ['{key}', true],
  ['Bearer {key}x', true],
  ['Bearer x{key}', true],
  ['Token {key}', true],
  [`Bearer ${'a'.repeat(10_000)}`, true],
  ['Bearer \u00e9\u00e9\u00e9', true],
  ['Bearer {key}\u00ff', true],
  ['Bearer null', true],
  ['Bearer undefined', true],
  ['Bearer __proto__', true],
  ['Bearer constructor', true],
  ['Bearer {key};', true],
];
