import type fc from 'fast-check';
import type { Catalog, Endpoint } from './catalog';
import { bodyContext } from './body-mutation-context';
import { contentType, deepNesting, hugeValue, invalidUtf8, notAnObject, syntaxVariant } from './body-shape-mutations';
import { boundaryValue, duplicateKey, hostileStrings, missingRequired, oddKey, prototypeKey, unknownField, wrongType } from './body-value-mutations';
import { type Base, type Mutation, weighted } from './fuzz-case';

/**
 * Mutations of a JSON body: wrong types, boundaries, hostile strings and keys, depth, size, unknown
 * and missing fields. The families keep one order, so a seed replays the same cases.
 */
export function bodyMutations(endpoint: Endpoint, catalog: Catalog): fc.Arbitrary<(base: Base) => Mutation>[] {
  const context = bodyContext(endpoint, catalog);
  const families = [
    wrongType(context),
    boundaryValue(context),
    ...hostileStrings(context),
    oddKey(context),
    prototypeKey(context),
    deepNesting(context),
    hugeValue(context),
    unknownField(context),
    missingRequired(context),
    duplicateKey(context),
    notAnObject(context),
    syntaxVariant(context),
    invalidUtf8(context),
    contentType(context),
  ];
  return families.map(([weight, arbitrary]) => weighted(arbitrary, weight));
}
