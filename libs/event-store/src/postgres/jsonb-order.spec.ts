import fc from 'fast-check';
import { inJsonbOrder } from './jsonb-order';

/** The obvious definition: through JSON's text, then every object's keys in jsonb's order. */
function throughText(data: unknown): unknown {
  const parsed = JSON.parse(JSON.stringify(data) ?? 'null') as unknown;
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    const bytes = (key: string): Buffer => Buffer.from(key);
    const keys = Object.keys(value).sort((a, b) => bytes(a).length - bytes(b).length || Buffer.compare(bytes(a), bytes(b)));
    return Object.fromEntries(keys.map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
  };
  return sorted(parsed);
}

/**
 * Where two values first differ, or null: Object.is for primitives (-0 is not 0), own keys in
 * the same order, the same prototype. Exact where toStrictEqual is not: it reads a key named
 * `constructor` as the type, and it ignores key order.
 */
function firstDifference(actual: unknown, expected: unknown, path = '$'): string | null {
  if (typeof actual !== 'object' || actual === null || typeof expected !== 'object' || expected === null) {
    return Object.is(actual, expected) ? null : `${path}: ${String(actual)} is not ${String(expected)}`;
  }
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return `${path}: another prototype`;
  const actualKeys = Object.keys(actual);
  const expectedKeys = Object.keys(expected);
  if (actualKeys.join('\u0000') !== expectedKeys.join('\u0000') || actualKeys.length !== expectedKeys.length)
    return `${path}: keys ${JSON.stringify(actualKeys)}, expected ${JSON.stringify(expectedKeys)}`;
  for (const key of actualKeys) {
    const difference = firstDifference((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], `${path}[${JSON.stringify(key)}]`);
    if (difference) return difference;
  }
  return null;
}

function expectSameStoredForm(data: unknown): void {
  expect(firstDifference(inJsonbOrder(data), throughText(data))).toBeNull();
}

class Money {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
}

class Keyed {
  toJSON(key: string): string {
    return `at ${key}`;
  }
}

describe('inJsonbOrder', () => {
  it('matches the round trip through JSON text on arbitrary JSON-like values', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('a', 'b', 'aa', '10', '9', '01', '-1', 'é', 'ß', '😀', 'Z', '_', '', '__proto__', 'constructor'));
    const leaf = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
      fc.date({ noInvalidDate: true }),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 5 }),
      object: fc.dictionary(key, tie('node'), { maxKeys: 6 }),
    })).node;
    fc.assert(
      fc.property(value, (data) => expectSameStoredForm(data)),
      { numRuns: 2000 },
    );
  });

  it('writes what JSON writes for values JSON treats specially', () => {
    const samples: unknown[] = [
      undefined,
      { fn: () => 1, sym: Symbol('s'), kept: 1, nothing: undefined },
      [undefined, () => 1, Symbol('s'), -0, Number.NaN],
      { when: new Date('2030-01-01T00:00:00Z'), nested: [{ when: new Date(0) }] },
      { money: new Money(5, 'EUR'), boxed: [Object(1), Object('s'), Object(false)], map: new Map([['a', 1]]) },
      { keyed: new Keyed(), list: [new Keyed()] },
      { body: JSON.stringify({ quoted: 'a "b" \\ c', lone: '\ud800' }) },
      // A sparse array's holes are nulls.
      // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
      [1, , 3],
      Object.assign(Object.create(null) as object, { b: 1, a: 2 }),
      // `__proto__` as JSON.parse makes it: an own key, kept whether the keys are in order or not.
      JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'),
      JSON.parse('{"zz": 1, "__proto__": "text", "a": [{"__proto__": null}]}'),
    ];
    for (const sample of samples) expectSameStoredForm(sample);
  });

  it('shares no object with its input', () => {
    const data = { outer: { inner: [1, { deep: true }] } };
    const copy = inJsonbOrder(data) as typeof data;
    copy.outer.inner.push(2);
    (copy.outer.inner[1] as { deep: boolean }).deep = false;
    expect(data).toEqual({ outer: { inner: [1, { deep: true }] } });
  });

  it('refuses a BigInt, as JSON does', () => {
    expect(() => inJsonbOrder({ big: BigInt(1) })).toThrow(TypeError);
  });
});
