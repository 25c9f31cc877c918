import { findUnsafeInput, MAX_JSON_DEPTH, tooDeepJsonPath, unsafeTextProblem } from './unsafe-input.rules';

const nest = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
};

describe('input PostgreSQL could not keep, refused before anything else sees it', () => {
  it('finds NUL and unpaired surrogates in text, and nothing else', () => {
    expect(unsafeTextProblem('a\u0000b')).toMatch(/NUL/);
    expect(unsafeTextProblem('a\ud800b')).toMatch(/surrogate/);
    expect(unsafeTextProblem('a\udc00')).toMatch(/surrogate/);
    expect(unsafeTextProblem('\ud800')).toMatch(/surrogate/);
    expect(unsafeTextProblem('\udc00\ud800')).toMatch(/surrogate/);
    expect(unsafeTextProblem('rocket \ud83d\ude80, tab\t, bell\u0007, é')).toBeNull();
  });

  it('names the field of a bad value at any depth, as the validation pipe names fields', () => {
    expect(findUnsafeInput({ brief: 'a\u0000' })).toEqual({ path: 'brief', message: 'brief must not contain a NUL character (U+0000)' });
    expect(findUnsafeInput({ metadata: { foo: 'a\ud800' } })?.path).toBe('metadata.foo');
    expect(findUnsafeInput({ skills: ['ok', 'b\u0000'] })?.path).toBe('skills[1]');
    expect(findUnsafeInput({ context: { goal: 'g', files: ['x', 'y\udfff'] } })?.path).toBe('context.files[1]');
  });

  it('names a bad key with its JSON escape, never the raw character', () => {
    const found = findUnsafeInput({ metadata: { 'k\u0000': 'v' } });
    expect(found?.path).toBe('metadata.k\\u0000');
    expect(found?.message).not.toContain('\u0000');
    expect(findUnsafeInput({ 'x\ud800': 1 })?.path).toBe('x\\ud800');
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and refuses the next, without recursing further`, () => {
    expect(findUnsafeInput(nest(MAX_JSON_DEPTH))).toBeNull();
    const refused = findUnsafeInput(nest(MAX_JSON_DEPTH + 1));
    expect(refused?.message).toMatch(/nested more than 32 levels/);
    expect(refused?.path).toBe(Array(MAX_JSON_DEPTH).fill('a').join('.'));
    expect(findUnsafeInput(nest(100_000))?.message).toMatch(/32 levels/);
    let deepArray: unknown = [];
    for (let level = 0; level < 50; level += 1) deepArray = [deepArray];
    expect(findUnsafeInput({ list: deepArray })?.path).toMatch(/^list(\[0\])+$/);
  });

  it('reads own keys only: prototype names are data', () => {
    const body = JSON.parse('{"constructor":"a\\u0000","__proto__":{"x":"\\ud800"}}') as object;
    expect(findUnsafeInput(body)?.path).toBe('constructor');
    expect(findUnsafeInput(JSON.parse('{"__proto__":{"x":"\\ud800"}}'))?.path).toBe('__proto__.x');
  });

  it('describes where a value without a field sits', () => {
    expect(findUnsafeInput('a\u0000')?.message).toBe('the request body must not contain a NUL character (U+0000)');
    expect(findUnsafeInput({ event_type: 'a\u0000' }, '', 0, 'the query string')).toEqual({
      path: 'event_type',
      message: 'event_type must not contain a NUL character (U+0000)',
    });
  });

  it('measures nesting in raw JSON text before parsing, naming the same field as the parsed walk and ignoring brackets inside strings', () => {
    const bodies = [0, 1, MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 5].flatMap((levels) => [
      nest(levels),
      { brief: 'x', metadata: { 'k"\\[{': [1, 'two', nest(levels)] } },
    ]);
    for (const body of bodies) {
      const text = JSON.stringify(body);
      expect(tooDeepJsonPath(text)).toBe(findUnsafeInput(JSON.parse(text))?.path ?? null);
    }
    expect(tooDeepJsonPath(JSON.stringify({ brief: '[[[[{{{{'.repeat(20) + '\\"[[[' }))).toBeNull();
    expect(tooDeepJsonPath('['.repeat(500_000) + ']'.repeat(500_000))).toMatch(/^(\[0\])+$/);
  });
});
