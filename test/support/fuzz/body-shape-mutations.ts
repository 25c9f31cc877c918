import fc from 'fast-check';
import { addEntry, isMapLocation, pathName, replaceAt } from './json-paths';
import { isObj, jsonText, obj, type J } from './json-text';
import { HUGE_SIZES, bodyValue, insertText, stringLocations } from './body-boundaries';
import { CONTENT_TYPES, INVALID_UTF8, SYNTAX_VARIANTS } from './body-syntax';
import type { BodyContext, MutationFamily } from './body-mutation-context';
import { type Base, BODY_LIMIT, type Mutation, pick, UTF8_MARKER } from './fuzz-case';

/** Mutations of a JSON body's shape and bytes: depth, size, a root that is not an object, broken syntax, invalid UTF-8, the Content-Type. */

/** Arrays or objects nested thousands deep, as the body, a field, or a new field. */
export const deepNesting = ({ where, json, reads }: BodyContext): MutationFamily => [
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
];

/** A huge string, array or key count. */
export const hugeValue = ({ where, json, reads }: BodyContext): MutationFamily => [
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
];

/** A body that is valid JSON but not an object. */
export const notAnObject = ({ json, reads }: BodyContext): MutationFamily => [
  2,
  fc.nat().map((which) => (base: Base): Mutation => {
    const choices: J[] = [[], ['x'], 'x', 1, true, null, { $raw: '""' }, { $raw: '0' }, [bodyValue(base)], { $raw: '-0' }, { $raw: '1e999' }];
    const root = pick(choices, which);
    return { family: 'body.not-an-object', detail: jsonText(root).slice(0, 40), reject: reads, body: json(root) };
  }),
];

/** A body that is not valid JSON, or is empty. */
export const syntaxVariant = ({ reads, endpoint }: BodyContext): MutationFamily => [
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
];

/** Bytes that are not UTF-8 inside a string. */
export const invalidUtf8 = ({ where, reads }: BodyContext): MutationFamily => [
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
];

/** Another, missing or repeated Content-Type. */
export const contentType = ({ json, reads }: BodyContext): MutationFamily => [
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
];
