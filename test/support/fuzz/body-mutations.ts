import fc from 'fast-check';
import type { Catalog, Endpoint } from './catalog';
import { addEntry, isMapLocation, locations, pathName, removeEntry, replaceAt } from './json-paths';
import { isObj, jsonText, obj, type J } from './json-text';
import { typesOf } from './schema-arbitrary';
import {
  EVIL_KEYS,
  HUGE_SIZES,
  NUL_FORMS,
  OTHER_STRINGS,
  PROTOTYPE_NAMES,
  PROTOTYPE_VALUES,
  SURROGATE_FORMS,
  WRONG_TYPES,
  bodyValue,
  boundaryCandidates,
  compatible,
  declaredProperty,
  insertText,
  objectLocations,
  stringLocations,
} from './body-boundaries';
import { CONTENT_TYPES, INVALID_UTF8, SYNTAX_VARIANTS } from './body-syntax';
import { type Base, BODY_LIMIT, type BodyChoice, hasNulOrLoneSurrogate, type Mutation, pick, UTF8_MARKER, weighted } from './fuzz-case';

/** Mutations of a JSON body: wrong types, boundaries, hostile strings and keys, depth, size, unknown and missing fields. */

export function bodyMutations(endpoint: Endpoint, catalog: Catalog): fc.Arbitrary<(base: Base) => Mutation>[] {
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
      return {
        family: 'body.wrong-type',
        detail: `${pathName(location.path)} = ${jsonText(replacement)}`,
        reject: reads && bad,
        body: json(replaceAt(value, location.path, () => replacement)),
      };
    }),
  ]);

  families.push([
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
      return {
        family: 'body.odd-key',
        detail: `${pathName(location.path)} key ${JSON.stringify(key).slice(0, 40)}`,
        reject: reads && bad,
        body: json(addEntry(value, location.path, [key, item])),
      };
    }),
  ]);

  families.push([
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
        if (target === 'new')
          return { family: 'body.deep', detail: `new field nested ${depth} deep (${kind})`, reject: reads, body: json(addEntry(value, [], ['x_deep', nest])) };
        const targets = all.filter((location) => location.path.length > 0);
        const location = targets.length > 0 ? pick(targets, at) : all[0];
        return {
          family: 'body.deep',
          detail: `${pathName(location.path)} nested ${depth} deep (${kind})`,
          reject: reads,
          body: json(replaceAt(value, location.path, () => nest)),
        };
      }),
  ]);

  families.push([
    2,
    fc
      .tuple(
        fc.nat(),
        fc.nat(HUGE_SIZES.length - 1),
        fc.constantFrom('a', 'é', '😀', '\u0000', '"', '\\'),
        fc.constantFrom<'string' | 'array' | 'keys'>('string', 'string', 'string', 'array', 'keys'),
      )
      .map(([at, sizeIndex, unit, shape]) => (base: Base): Mutation => {
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
        return {
          family: 'body.huge',
          detail: `${location ? pathName(location.path) : 'x_big'}: ${size} × ${JSON.stringify(unit)} (${bytes} bytes)`,
          reject: reads && bad,
          body: json(body),
        };
      }),
  ]);

  families.push([
    2,
    fc
      .tuple(fc.nat(), fc.stringMatching(/^[a-z][a-z_]{0,15}$/), fc.constantFrom<J>('x', 1, null, obj([])))
      .map(([at, name, item]) => (base: Base): Mutation => {
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
      return {
        family: 'body.missing-required',
        detail: `without ${pathName([...location.path, key])}`,
        reject: reads,
        body: json(removeEntry(value, location.path, key)),
      };
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
      return {
        family: 'body.duplicate-key',
        detail: `${pathName([...location.path, key])} twice`,
        reject: false,
        body: json(addEntry(value, location.path, [key, pick(WRONG_TYPES, alt)], first)),
      };
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
      return {
        family: 'body.syntax',
        detail: variant.name,
        reject: reads && bad,
        body: { kind: 'syntax', value: bodyValue(base), variant: variant.name, cut },
      };
    }),
  ]);

  families.push([
    2,
    fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(([at, which, position]) => (base: Base): Mutation => {
      const { value, all } = where(base);
      const bytes = pick(INVALID_UTF8, which);
      const strings = stringLocations(all);
      const location = strings.length > 0 ? pick(strings, at) : null;
      const body = location
        ? replaceAt(value, location.path, (old) => insertText(String(old), UTF8_MARKER, position))
        : addEntry(value, [], ['x_utf8', UTF8_MARKER]);
      return {
        family: 'body.invalid-utf8',
        detail: `${location ? pathName(location.path) : 'x_utf8'} += ${bytes.map((byte) => byte.toString(16)).join(' ')}`,
        reject: reads,
        body: { kind: 'utf8', value: body, bytes },
      };
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
