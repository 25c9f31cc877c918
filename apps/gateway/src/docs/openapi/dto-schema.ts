import { IS_URL } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { metadataSchema } from './schemas/deployment.schema';
import { mapRefs, type JsonSchema } from './json-schema';

// class-transformer keeps `@Type(() => Nested)` in this singleton; the package ships no typings
// for the path, so the type is taken from its declaration file.
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

/** A DTO class, as `@Body()` parameters are typed (design:paramtypes holds the constructor). */
export type DtoClass = abstract new (...args: never[]) => object;

type Options = NonNullable<Parameters<typeof validationMetadatasToSchemas>[0]>;

/**
 * Converters for what class-validator-jsonschema maps loosely or not at all: `url` is no JSON
 * Schema format (`uri` is), and the custom `isFlatMetadata` rule would otherwise come out as a
 * `$ref` to a nonexistent `Object` schema. (The package types schemas as openapi3-ts's 3.0
 * SchemaObject; ours are plain 2020-12 JSON Schema.)
 */
const CONVERTERS = {
  [IS_URL]: { type: 'string', format: 'uri' },
  isFlatMetadata: metadataSchema,
} as Options['additionalConverters'];

const DTO_REF = '#/dto/';

/** `CreateDeploymentDto` is documented as `CreateDeploymentRequest`. */
export const dtoComponentName = (className: string): string => `${className.replace(/Dto$/, '')}Request`;

/**
 * The request body schemas of `dto` and of every DTO nested in it, by component name, read from
 * the class-validator decorators the ValidatedBody pipe enforces, so the document cannot claim
 * other rules than the ones applied. The pipe refuses unknown fields at every depth
 * (`forbidNonWhitelisted`), hence `additionalProperties: false`.
 */
export function dtoSchemas(dto: DtoClass): Record<string, JsonSchema> {
  const all = validationMetadatasToSchemas({
    additionalConverters: CONVERTERS,
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: DTO_REF,
  });
  const found: Record<string, JsonSchema> = {};
  const visit = (className: string): void => {
    const name = dtoComponentName(className);
    if (found[name] || !all[className]) return;
    const nested: string[] = [];
    const schema = mapRefs(all[className], (ref) => {
      if (!ref.startsWith(DTO_REF)) return ref;
      nested.push(ref.slice(DTO_REF.length));
      return `#/components/schemas/${dtoComponentName(ref.slice(DTO_REF.length))}`;
    });
    found[name] = { ...schema, type: 'object', additionalProperties: false };
    nested.forEach(visit);
  };
  visit(dto.name);
  // A DTO without a single rule (an action's empty body) has no metadata: it takes `{}` only.
  found[dtoComponentName(dto.name)] ??= { type: 'object', additionalProperties: false, properties: {} };
  return found;
}
