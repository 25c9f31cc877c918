/**
 * The gateway names an invalid typed answer by its JSON pointer under `output.data`
 * (`output.data/variants/2`); the form shows errors by field, as rjsf's nested error schema
 * (`{ variants: { 2: { __errors: [...] } } }`). This turns the one into the other.
 */

const PREFIX = 'output.data';

/** The pointer's path segments, or null when the parameter is not about the typed answer. */
export function dataPointerPath(param: string | undefined): string[] | null {
  if (param === undefined || (param !== PREFIX && !param.startsWith(`${PREFIX}/`))) return null;
  return param
    .slice(PREFIX.length)
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** rjsf's `ErrorSchema`: messages under `__errors`, nested by field. */
export interface FieldErrors {
  [field: string]: FieldErrors | string[] | undefined;
}

/** The error schema that puts `message` on the field the pointer names (on the form itself for the root). */
export function errorSchemaAt(path: readonly string[], message: string): FieldErrors {
  const root: Record<string, unknown> = {};
  let node = root;
  for (const segment of path) {
    const child: Record<string, unknown> = {};
    node[segment] = child;
    node = child;
  }
  node.__errors = [message];
  return root as FieldErrors;
}
