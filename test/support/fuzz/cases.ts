import fc from 'fast-check';
import type { Catalog, Endpoint } from './catalog';
import { jsonText, obj, pct, type J } from './json-text';
import { validArbitrary, type Hints, type Schema, type SchemaRegistry } from './schema-arbitrary';
import { bodyMutations } from './body-mutations';
import { unexpectedBody } from './body-syntax';
import { type AuthChoice, type Base, type BodyChoice, type FuzzCase, type Mutation, type ParamChoice, weightOf } from './fuzz-case';
import { authMutations, headerMutations } from './header-mutations';
import { paramMutations, queryMutations } from './path-and-query-mutations';

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
      ? fc.option(
          fc.oneof({ weight: 5, arbitrary: fc.stringMatching(/^fz-[a-z0-9]{6,20}$/) }, { weight: 1, arbitrary: fc.constantFrom('fz-shared-1', 'fz-shared-2') }),
          { nil: null, freq: 2 },
        )
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
        validArbitrary(schema, registry, hints, param.name === 'created_after' || param.name === 'created_before' ? param.name : undefined).map(
          (value): [string, string] => [param.name, pct(queryText(value))],
        ),
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
// ---------------------------------------------------------------------------------------------
// Path, query, header, framing and credential mutations

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

/**
 * The requests of a run: request `index` goes to the endpoints in turn (starting where the seed
 * says), so a run of N requests reaches every endpoint N / endpoints times, give or take one.
 * Drawing the endpoint at random instead left some endpoints with a handful of requests.
 */
export interface RequestCases {
  forRequest(seed: number, index: number): fc.Arbitrary<FuzzCase>;
  /** The arbitrary that made a case, to shrink it with. */
  forEndpoint(endpoint: string): fc.Arbitrary<FuzzCase>;
}

export function requestCases(catalog: Catalog, hints: Hints): RequestCases {
  const arbitraries = new Map(catalog.endpoints.map((endpoint) => [endpoint.key, endpointArbitrary(endpoint, catalog, hints)]));
  const keys = [...arbitraries.keys()];
  const forEndpoint = (endpoint: string): fc.Arbitrary<FuzzCase> => {
    const arbitrary = arbitraries.get(endpoint);
    if (!arbitrary) throw new Error(`no fuzz cases for ${endpoint}`);
    return arbitrary;
  };
  return { forRequest: (seed, index) => forEndpoint(keys[(seed + index) % keys.length]), forEndpoint };
}
