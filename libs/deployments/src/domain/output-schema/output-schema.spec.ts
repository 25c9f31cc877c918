import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { exampleOutputData } from './output-data.example';
import { outputDataProblem } from './output-data.validator';
import { OUTPUT_SCHEMA_LIMITS, outputSchemaProblem, SUPPORTED_KEYWORDS } from './output-schema.rules';
import { HEADLINE_SCHEMA } from '../../../../../test/support/headline-schema';

/** The answer suites' headline schema, with the draft named and an optional free-text field beside it. */
const HEADLINES = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...HEADLINE_SCHEMA,
  properties: { ...HEADLINE_SCHEMA.properties, notes: { type: 'string', maxLength: 280 } },
};

const nested = (depth: number): Record<string, unknown> => (depth === 0 ? { type: 'string' } : { type: 'object', properties: { next: nested(depth - 1) } });

describe('output schema rules', () => {
  it('takes an object schema made of the supported keywords', () => {
    expect(outputSchemaProblem(HEADLINES)).toBeNull();
    expect(
      outputSchemaProblem({ type: 'object', $defs: { money: { type: 'number', multipleOf: 0.01 } }, properties: { price: { $ref: '#/$defs/money' } } }),
    ).toBeNull();
  });

  it('refuses what is not an object schema, naming where', () => {
    expect(outputSchemaProblem('a string')).toMatchObject({ path: '' });
    expect(outputSchemaProblem([])).toMatchObject({ path: '' });
    expect(outputSchemaProblem({ type: 'array', items: { type: 'string' } })).toEqual({ message: expect.stringContaining('"type": "object"'), path: '/type' });
    expect(outputSchemaProblem({ type: 'object', $schema: 'http://json-schema.org/draft-07/schema#' })).toMatchObject({ path: '/$schema' });
  });

  it('refuses an unsupported keyword with its name and path', () => {
    const problem = outputSchemaProblem({ type: 'object', properties: { a: { type: 'string', contentEncoding: 'base64' } } });
    expect(problem).toEqual({ message: expect.stringContaining('contentEncoding is not supported'), path: '/properties/a/contentEncoding' });
    expect(outputSchemaProblem({ type: 'object', properties: { 'a/b': { if: {} } } })).toMatchObject({ path: '/properties/a~1b/if' });
    for (const keyword of ['$dynamicRef', 'unevaluatedProperties', 'dependentSchemas', 'if', 'not', 'patternProperties', 'contains', '$anchor']) {
      expect(outputSchemaProblem({ type: 'object', [keyword]: {} })).toMatchObject({ path: `/${keyword}` });
    }
    expect(SUPPORTED_KEYWORDS).toContain('maxLength');
  });

  it('refuses a $ref anywhere but its own $defs: nothing is ever fetched', () => {
    const started = performance.now();
    expect(outputSchemaProblem({ type: 'object', properties: { a: { $ref: 'https://example.com/schema.json' } } })).toEqual({
      message: expect.stringContaining('no other document is ever fetched'),
      path: '/properties/a/$ref',
    });
    expect(outputSchemaProblem({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toMatchObject({ path: '/properties/a/$ref' });
    expect(outputSchemaProblem({ type: 'object', properties: { a: { $ref: '#/properties/b' } } })).toMatchObject({ path: '/properties/a/$ref' });
    expect(outputSchemaProblem({ type: 'object', properties: { a: { type: 'object', $defs: {} } } })).toMatchObject({ path: '/properties/a/$defs' });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a 100 KB schema and one 50 levels deep, each in a few milliseconds', () => {
    const big = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 2000 }, (_unused, index) => [`field_${index}`, { type: 'string', description: 'x'.repeat(40) }])),
    };
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(100_000);
    let started = performance.now();
    expect(outputSchemaProblem(big)?.message).toMatch(/bytes; at most 32768/);
    expect(performance.now() - started).toBeLessThan(100);
    started = performance.now();
    expect(outputSchemaProblem(nested(50))?.message).toMatch(/deeper than 12 levels/);
    expect(performance.now() - started).toBeLessThan(100);
    expect(outputSchemaProblem(nested(5))).toBeNull();
  });

  it('refuses a pattern that backtracks badly, one too long and one that does not compile', () => {
    for (const pattern of ['^(a+)+$', '(x*)*y', '^(\\w+\\s?)*$']) {
      expect(outputSchemaProblem({ type: 'object', properties: { a: { type: 'string', pattern } } })).toEqual({
        message: expect.stringContaining('nested quantifiers'),
        path: '/properties/a/pattern',
      });
    }
    expect(
      outputSchemaProblem({ type: 'object', properties: { a: { type: 'string', pattern: 'a'.repeat(OUTPUT_SCHEMA_LIMITS.maxPatternLength + 1) } } }),
    ).toMatchObject({ path: '/properties/a/pattern' });
    expect(outputSchemaProblem({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } })?.message).toMatch(/not a valid regular expression/);
    expect(outputSchemaProblem({ type: 'object', properties: { a: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' } } })).toBeNull();
  });

  it('refuses formats it does not check and types that do not exist', () => {
    expect(outputSchemaProblem({ type: 'object', properties: { a: { type: 'string', format: 'hostname' } } })).toMatchObject({ path: '/properties/a/format' });
    expect(outputSchemaProblem({ type: 'object', properties: { a: { type: 'text' } } })).toMatchObject({ path: '/properties/a/type' });
    expect(outputSchemaProblem({ type: 'object', properties: { a: { enum: [] } } })).toMatchObject({ path: '/properties/a/enum' });
  });

  it('counts subschemas', () => {
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: OUTPUT_SCHEMA_LIMITS.maxSubschemas + 1 }, (_unused, index) => [`f${index}`, true])),
    };
    expect(outputSchemaProblem(wide)?.message).toMatch(/subschemas/);
  });
});

describe('output data against its schema', () => {
  it('takes a valid answer and names the pointer of an invalid value', () => {
    expect(outputDataProblem(HEADLINES, { variants: ['One', 'Two', 'Three'], chosen: 1, tone: 'warm' })).toBeNull();
    expect(outputDataProblem(HEADLINES, { variants: ['One', 'Two'], chosen: 1, tone: 'warm' })).toEqual({
      pointer: '/variants',
      message: expect.stringContaining('must NOT have fewer than 3 items'),
    });
    expect(outputDataProblem(HEADLINES, { variants: ['One', 'Two', 'x'.repeat(61)], chosen: 1, tone: 'warm' })).toMatchObject({ pointer: '/variants/2' });
    expect(outputDataProblem(HEADLINES, { variants: ['One', 'Two', 'Three'], chosen: 1, tone: 'loud' })).toEqual({
      pointer: '/tone',
      message: expect.stringContaining('"playful","serious","warm"'),
    });
    expect(outputDataProblem(HEADLINES, { variants: ['One', 'Two', 'Three'], tone: 'warm' })).toMatchObject({ pointer: '/chosen' });
    expect(outputDataProblem(HEADLINES, { variants: ['One', 'Two', 'Three'], chosen: 1, tone: 'warm', extra: true })).toMatchObject({ pointer: '' });
    expect(outputDataProblem(HEADLINES, 'prose')).toMatchObject({ pointer: '' });
  });

  it('checks a long string against a pattern quickly', () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^[a-z]+$' } } };
    expect(outputDataProblem(schema, { code: 'compiled-first' })).toMatchObject({ pointer: '/code' });
    const started = performance.now();
    expect(outputDataProblem(schema, { code: `${'a'.repeat(200_000)}!` })).toMatchObject({ pointer: '/code' });
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('a test-mode example of a schema', () => {
  const independent = new Ajv2020({ strict: false });
  addFormats(independent);

  it.each([
    ['headlines', HEADLINES],
    [
      'formats and bounds',
      {
        type: 'object',
        required: ['when', 'mail', 'price', 'count', 'ok'],
        properties: {
          when: { type: 'string', format: 'date-time' },
          mail: { type: 'string', format: 'email' },
          price: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5, maximum: 10 },
          count: { type: 'integer', minimum: 3 },
          ok: { type: 'boolean' },
        },
      },
    ],
    [
      'refs and unions',
      {
        type: 'object',
        required: ['item'],
        $defs: { item: { anyOf: [{ type: 'string', minLength: 80 }, { type: 'null' }] } },
        properties: { item: { $ref: '#/$defs/item' }, pair: { type: 'array', prefixItems: [{ const: 'a' }, { type: 'integer' }], maxItems: 2 } },
      },
    ],
    [
      'unique enum items',
      { type: 'object', required: ['picks'], properties: { picks: { type: 'array', minItems: 2, uniqueItems: true, items: { enum: ['x', 'y', 'z'] } } } },
    ],
    [
      'a pattern with an example',
      { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$', examples: ['ABC-1234'] } } },
    ],
  ])('is valid for %s, by ajv on its own', (_name, schema) => {
    const data = exampleOutputData(schema);
    expect(data).not.toBeNull();
    expect(independent.validate(schema, data)).toBe(true);
  });

  it('is null where the schema asks for what it cannot make', () => {
    expect(exampleOutputData({ type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' } } })).toBeNull();
  });
});
