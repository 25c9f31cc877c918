/**
 * The typed answer the answer suites ask for: an object, an enum, an array with minItems, a string
 * with maxLength — three headline variants, the chosen one and the tone.
 */
export const HEADLINE_SCHEMA = {
  type: 'object',
  required: ['variants', 'chosen', 'tone'],
  additionalProperties: false,
  properties: {
    variants: { type: 'array', minItems: 3, items: { type: 'string', maxLength: 60 } },
    chosen: { type: 'integer', minimum: 0, maximum: 2 },
    tone: { enum: ['playful', 'serious', 'warm'] },
  },
};
