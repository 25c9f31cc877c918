/** A property decorator as class-validator and class-validator-jsonschema type theirs. */
type PropertyRule = (target: object, property: string) => void;

/**
 * Several property decorators as one, applied bottom first as TypeScript applies a written stack,
 * so class-validator checks (and the documents list) the constraints in the same order.
 */
export const stacked =
  (...decorators: PropertyRule[]): PropertyDecorator =>
  (target, property) => {
    for (const decorator of [...decorators].reverse()) decorator(target, String(property));
  };
