import { applyMarkdown, wordCount } from '../../apps/console/src/scenes/Work/editor/markdown-edits';
import { dataPointerPath, errorSchemaAt } from '../../apps/console/src/scenes/Work/typed/pointer-errors';
import { schemaErrors } from '../../apps/console/src/scenes/Work/typed/schema-errors';

/** The Work page's editor and typed-answer rules, without a browser (the page itself: typed-work.e2e.ts). */
describe('the console: the markdown toolbar', () => {
  const at = (value: string, start: number, end = start) => ({ value, start, end });

  it('wraps the selection in bold or italic and keeps it selected', () => {
    expect(applyMarkdown('bold', at('say hello now', 4, 9))).toEqual({ value: 'say **hello** now', start: 6, end: 11 });
    expect(applyMarkdown('italic', at('say hello now', 4, 9))).toEqual({ value: 'say _hello_ now', start: 5, end: 10 });
  });

  it('puts placeholder words in, selected, when nothing is selected', () => {
    expect(applyMarkdown('bold', at('', 0))).toEqual({ value: '**bold text**', start: 2, end: 11 });
  });

  it('prefixes every line the selection touches for a heading, list or quote', () => {
    expect(applyMarkdown('list', at('one\ntwo\nthree', 1, 5)).value).toBe('- one\n- two\nthree');
    expect(applyMarkdown('quote', at('intro\nsaid', 7)).value).toBe('intro\n> said');
    expect(applyMarkdown('heading', at('Title', 2)).value).toBe('## Title');
  });

  it('makes a link of the selection and selects the address to type over', () => {
    const result = applyMarkdown('link', at('see docs', 4, 8));
    expect(result.value).toBe('see [docs](https://)');
    expect(result.value.slice(result.start, result.end)).toBe('https://');
  });

  it('counts words as a reader does, markdown left out', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('# **Bake** less - paperwork, it’s 2 easy')).toBe(6);
  });
});

describe('the console: typed answers', () => {
  it('reads the field out of the gateway’s pointer, and only under output.data', () => {
    expect(dataPointerPath('output.data/variants/2')).toEqual(['variants', '2']);
    expect(dataPointerPath('output.data/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(dataPointerPath('output.data')).toEqual([]);
    expect(dataPointerPath('output.database')).toBeNull();
    expect(dataPointerPath('body')).toBeNull();
    expect(dataPointerPath(undefined)).toBeNull();
  });

  it('files a message under the field the pointer names', () => {
    expect(errorSchemaAt(['variants', '2'], 'Too long.')).toEqual({ variants: { 2: { __errors: ['Too long.'] } } });
    expect(errorSchemaAt([], 'Wrong.')).toEqual({ __errors: ['Wrong.'] });
  });

  const SCHEMA = {
    type: 'object' as const,
    required: ['headline', 'tone', 'variants'],
    properties: {
      headline: { type: 'string' as const, maxLength: 5 },
      tone: { type: 'string' as const, enum: ['warm', 'dry'] },
      variants: { type: 'array' as const, minItems: 2, items: { type: 'string' as const } },
    },
  };

  it('names each problem by its field in words a person reads, an empty one as required', () => {
    const errors = schemaErrors(SCHEMA, { headline: 'far too long', tone: 'loud', variants: [undefined] });
    expect(errors.map(({ property, message }) => [property, message])).toEqual(
      expect.arrayContaining([
        ['.headline', 'At most 5 characters.'],
        ['.tone', 'Choose one of: "warm", "dry".'],
        ['.variants', 'Give at least 2 items.'],
        ['.variants.0', 'Required.'],
      ]),
    );
    expect(
      schemaErrors(SCHEMA, {})
        .map(({ property }) => property)
        .sort(),
    ).toEqual(['.headline', '.tone', '.variants']);
    expect(schemaErrors(SCHEMA, { headline: 'Hi', tone: 'dry', variants: ['a', 'b'] })).toEqual([]);
  });
});
