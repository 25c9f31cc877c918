import { portableSchema } from './portable-tool-schemas';

describe('portableSchema', () => {
  it('splits type arrays into anyOf branches, annotations on the union and constraints on non-null branches', () => {
    expect(portableSchema({ description: 'd', type: ['integer', 'null'], minimum: 0 })).toEqual({
      description: 'd',
      anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }],
    });
  });

  it('rewrites nested properties, items, additionalProperties and anyOf branches; leaves the rest alone', () => {
    const schema = {
      type: 'object',
      properties: {
        metadata: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
        list: { type: 'array', items: { type: ['string', 'null'] } },
        either: { anyOf: [{ type: 'object', properties: { at: { type: ['string', 'null'] } } }, { type: 'null' }] },
        plain: { type: 'string', enum: ['a', 'b'] },
      },
      required: ['plain'],
    };
    expect(portableSchema(schema)).toEqual({
      type: 'object',
      properties: {
        metadata: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } },
        list: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        either: { anyOf: [{ type: 'object', properties: { at: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }, { type: 'null' }] },
        plain: { type: 'string', enum: ['a', 'b'] },
      },
      required: ['plain'],
    });
  });
});
