import fc from 'fast-check';
import { addEntry, isMapLocation, pathName, removeEntry, replaceAt } from './json-paths';
import { isObj, jsonText, obj, type J } from './json-text';
import { typesOf } from './schema-arbitrary';
import {
  EVIL_KEYS,
  NUL_FORMS,
  OTHER_STRINGS,
  PROTOTYPE_NAMES,
  PROTOTYPE_VALUES,
  SURROGATE_FORMS,
  WRONG_TYPES,
  boundaryCandidates,
  compatible,
  declaredProperty,
  insertText,
  objectLocations,
  stringLocations,
} from './body-boundaries';
import type { BodyContext, MutationFamily } from './body-mutation-context';
import { type Base, hasNulOrLoneSurrogate, type Mutation, pick } from './fuzz-case';

/** Mutations of what a JSON body's fields hold: wrong types, boundaries, hostile strings and keys, unknown, missing and repeated fields. */

/** A value of another JSON type in place of a field (or of the body). */
export const wrongType = ({ where, json, reads, registry }: BodyContext): MutationFamily => [
  3,
  fc.tuple(fc.nat(), fc.nat()).map(([at, alt]) => (base: Base): Mutation => {
    const { value, all } = where(base);
    const targets = all.filter((location) => location.path.length > 0);
    const location = targets.length > 0 ? pick(targets, at) : all[0];
    const replacement = pick(WRONG_TYPES, alt);
    const types = typesOf(location.schema, registry);
    const bad = location.path.length === 0 ? !isObj(replacement) : types.size > 0 && replacement !== null && !compatible(replacement, types);
    return {
      family: 'body.wrong-type',
      detail: `${pathName(location.path)} = ${jsonText(replacement)}`,
      reject: reads && bad,
      body: json(replaceAt(value, location.path, () => replacement)),
    };
  }),
];

/** A value at or just past a bound the schema declares. */
export const boundaryValue = ({ where, json, reads, registry }: BodyContext): MutationFamily => [
  3,
  fc.tuple(fc.nat(), fc.nat()).map(([at, choice]) => (base: Base): Mutation => {
    const { value, all } = where(base);
    const withCandidates = all
      .map((location) => ({ location, candidates: boundaryCandidates(location, registry, String(location.path[location.path.length - 1] ?? '')) }))
      .filter((entry) => entry.candidates.length > 0);
    if (withCandidates.length === 0) return { family: 'body.boundary', detail: 'no bounded field', reject: false, body: json(value) };
    const { location, candidates } = pick(withCandidates, at);
    const candidate = pick(candidates, choice);
    return {
      family: 'body.boundary',
      detail: `${pathName(location.path)}: ${candidate.note}`,
      reject: reads && candidate.reject,
      body: json(replaceAt(value, location.path, () => candidate.value)),
    };
  }),
];

/** NUL, lone surrogates and other odd text inside a string field (or a new field). */
export function hostileStrings({ where, json, reads }: BodyContext): MutationFamily[] {
  return (
    [
      ['body.nul', NUL_FORMS],
      ['body.surrogate', SURROGATE_FORMS],
      ['body.odd-string', OTHER_STRINGS],
    ] as const
  ).map(
    ([family, forms]): MutationFamily => [
      family === 'body.odd-string' ? 1 : 3,
      fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(([at, form, position]) => (base: Base): Mutation => {
        const { value, all } = where(base);
        const evil = pick(forms, form);
        const strings = stringLocations(all);
        if (strings.length === 0) {
          return {
            family,
            detail: `new field x_fuzz = ${JSON.stringify(evil)}`,
            reject: reads && (hasNulOrLoneSurrogate(evil) || !isMapLocation(all[0])),
            body: json(addEntry(value, [], ['x_fuzz', evil])),
          };
        }
        const location = pick(strings, at);
        const text = insertText(location.value as string, evil, position);
        return {
          family,
          detail: `${pathName(location.path)} = ${JSON.stringify(text).slice(0, 60)}`,
          reject: reads && hasNulOrLoneSurrogate(text),
          body: json(replaceAt(value, location.path, () => text)),
        };
      }),
    ],
  );
}

/** A key that is empty, too long, or holds NUL or a lone surrogate. */
export const oddKey = ({ where, json, reads }: BodyContext): MutationFamily => [
  2,
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom<J>('v', 1, true)).map(([at, which, item]) => (base: Base): Mutation => {
    const { value, all } = where(base);
    const location = pick(objectLocations(all), at) ?? all[0];
    const key = pick(EVIL_KEYS, which);
    const map = isMapLocation(location);
    const bad = !map || hasNulOrLoneSurrogate(key) || key.length === 0 || key.length > 40;
    return {
      family: 'body.odd-key',
      detail: `${pathName(location.path)} key ${JSON.stringify(key).slice(0, 40)}`,
      reject: reads && bad,
      body: json(addEntry(value, location.path, [key, item])),
    };
  }),
];

/** `__proto__`, `constructor` and their kin as keys, at the top or nested. */
export const prototypeKey = ({ where, json, reads }: BodyContext): MutationFamily => [
  3,
  fc
    .tuple(fc.nat(), fc.nat(), fc.nat(PROTOTYPE_VALUES.length - 1), fc.boolean(), fc.boolean())
    .map(([at, which, valueIndex, atStart, nested]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const objects = objectLocations(all);
      const location = nested && objects.length > 1 ? pick(objects.slice(1), at) : (objects[0] ?? all[0]);
      const name = pick(PROTOTYPE_NAMES, which);
      const item = PROTOTYPE_VALUES[valueIndex];
      const map = isMapLocation(location);
      const bad = !map || name === '__proto__' || item === null || typeof item === 'object';
      return {
        family: 'body.prototype-key',
        detail: `${pathName([...location.path, name])} = ${jsonText(item)}`,
        reject: reads && bad,
        body: json(addEntry(value, location.path, [name, item], atStart)),
      };
    }),
];

/** A field the schema does not declare. */
export const unknownField = ({ where, json, reads }: BodyContext): MutationFamily => [
  2,
  fc.tuple(fc.nat(), fc.stringMatching(/^[a-z][a-z_]{0,15}$/), fc.constantFrom<J>('x', 1, null, obj([]))).map(([at, name, item]) => (base: Base): Mutation => {
    const { value, all } = where(base);
    const objects = objectLocations(all);
    const location = pick(objects, at) ?? all[0];
    const known = declaredProperty(location, name) || isMapLocation(location);
    return {
      family: 'body.unknown-field',
      detail: `${pathName([...location.path, name])}`,
      reject: reads && !known,
      body: json(addEntry(value, location.path, [name, item])),
    };
  }),
];

/** A required field left out (or an optional one when nothing is required). */
export const missingRequired = ({ where, json, reads }: BodyContext): MutationFamily => [
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
    return {
      family: 'body.missing-required',
      detail: `without ${pathName([...location.path, key])}`,
      reject: reads,
      body: json(removeEntry(value, location.path, key)),
    };
  }),
];

/** A key written twice in one object. */
export const duplicateKey = ({ where, json }: BodyContext): MutationFamily => [
  1,
  fc.tuple(fc.nat(), fc.nat(), fc.boolean()).map(([at, alt, first]) => (base: Base): Mutation => {
    const { value, all } = where(base);
    const objects = objectLocations(all).filter((location) => isObj(location.value) && location.value.$o.length > 0);
    if (objects.length === 0) return { family: 'body.duplicate-key', detail: 'no key to repeat', reject: false, body: json(value) };
    const location = pick(objects, at);
    const [key] = pick(isObj(location.value) ? location.value.$o : [], alt);
    return {
      family: 'body.duplicate-key',
      detail: `${pathName([...location.path, key])} twice`,
      reject: false,
      body: json(addEntry(value, location.path, [key, pick(WRONG_TYPES, alt)], first)),
    };
  }),
];
