import type fc from 'fast-check';
import type { Catalog, Endpoint } from './catalog';
import { locations } from './json-paths';
import type { J } from './json-text';
import { bodyValue } from './body-boundaries';
import type { Base, BodyChoice, Mutation } from './fuzz-case';

/** One family of body mutations with its weight among the others. */
export type MutationFamily = [number, fc.Arbitrary<(base: Base) => Mutation>];

/** What every body mutation family reads of the endpoint it mutates a body for. */
export interface BodyContext {
  readonly endpoint: Endpoint;
  readonly registry: Catalog['registry'];
  /** Whether the endpoint reads a body at all (one that does not cannot refuse a bad one). */
  readonly reads: boolean;
  /** The base case's body and every location in it, each with its schema. */
  where(base: Base): { value: J; all: ReturnType<typeof locations> };
  json(value: J): BodyChoice;
}

export function bodyContext(endpoint: Endpoint, catalog: Catalog): BodyContext {
  const schema = endpoint.body?.schema ?? undefined;
  const registry = catalog.registry;
  return {
    endpoint,
    registry,
    reads: !!endpoint.body,
    where: (base) => {
      const value = bodyValue(base);
      return { value, all: locations(value, schema ?? undefined, registry) };
    },
    json: (value) => ({ kind: 'json', value }),
  };
}
