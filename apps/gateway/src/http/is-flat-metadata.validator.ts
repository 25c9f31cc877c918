import { registerDecorator, type ValidationArguments } from 'class-validator';

/** Metadata limits (docs/decisions.md): Stripe's, so partners meet no surprise. */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;

export function metadataProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'metadata must be an object of key/value pairs';
  const entries = Object.entries(value);
  if (entries.length > METADATA_LIMITS.keys) return `metadata may hold at most ${METADATA_LIMITS.keys} keys`;
  for (const [key, item] of entries) {
    if (key.length === 0 || key.length > METADATA_LIMITS.keyLength)
      return `metadata keys must be 1 to ${METADATA_LIMITS.keyLength} characters ("${key.slice(0, 50)}")`;
    if (typeof item === 'string' && item.length > METADATA_LIMITS.valueLength)
      return `metadata.${key} must be at most ${METADATA_LIMITS.valueLength} characters`;
    if (typeof item === 'number' && !Number.isFinite(item)) return `metadata.${key} must be a finite number`;
    if (!['string', 'number', 'boolean'].includes(typeof item)) return `metadata.${key} must be a string, number or boolean (metadata is flat)`;
  }
  return null;
}

export function IsFlatMetadata(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isFlatMetadata',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => metadataProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) => metadataProblem(args?.value) ?? 'metadata is invalid',
      },
    });
}
