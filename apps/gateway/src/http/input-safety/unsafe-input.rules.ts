/**
 * Input every endpoint refuses before any DTO, SQL or JSON column sees it: strings
 * PostgreSQL cannot store (NUL; unpaired UTF-16 surrogates, which jsonb refuses and text columns
 * would silently turn into U+FFFD) and JSON nested deeper than any body of ours needs.
 */

/** Containers (objects, arrays) may nest this deep; the body itself is level 1 (docs/decisions.md). */
export const MAX_JSON_DEPTH = 32;

export interface UnsafeInput {
  /** The field, as the validation pipe names it: `metadata.foo`, `skills[1]`. */
  path: string;
  message: string;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL could not keep this text as sent, or null when it can. */
export function unsafeTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'a NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'an unpaired UTF-16 surrogate (not a Unicode character)';
  return null;
}

/** A key as the client wrote it in JSON (escapes kept), so a path never carries a raw NUL. */
const printable = (key: string): string => JSON.stringify(key).slice(1, -1);

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${printable(key)}` : printable(key);
}

/**
 * The first unsafe string (value or key) or too-deep container in a parsed JSON value, walking
 * depth-first in document order; null when all is well. Recursion stops at MAX_JSON_DEPTH, so
 * the walk itself cannot exhaust the stack however deep the input.
 */
export function findUnsafeInput(value: unknown, path = '', depth = 0, describe = 'the request body'): UnsafeInput | null {
  if (typeof value === 'string') {
    const problem = unsafeTextProblem(value);
    return problem ? { path, message: `${path || describe} must not contain ${problem}` } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth + 1 > MAX_JSON_DEPTH) return { path, message: `${describe} is nested more than ${MAX_JSON_DEPTH} levels deep (at ${path})` };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnsafeInput(value[index], childPath(path, index), depth + 1, describe);
      if (found) return found;
    }
    return null;
  }
  // Own entries only: a key named `__proto__` or `constructor` is data, never a lookup.
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unsafeTextProblem(key);
    const at = childPath(path, key);
    if (keyProblem) return { path: at, message: `the field name ${at} must not contain ${keyProblem}` };
    const found = findUnsafeInput(item, at, depth + 1, describe);
    if (found) return found;
  }
  return null;
}

interface Container {
  kind: 'object' | 'array';
  /** The member key (objects) or element index (arrays) the scan is in now. */
  key: string | number | null;
}

/**
 * Where raw JSON text first nests containers deeper than `max` (the field path, as
 * findUnsafeInput names it), or null; found in one pass over the text before it is parsed: a
 * 1 MB body of brackets would otherwise cost the parser about a third of a second of CPU, on a
 * request no credential has been checked for yet. Malformed text is left to the parser.
 */
export function tooDeepJsonPath(text: string, max = MAX_JSON_DEPTH): string | null {
  const stack: Container[] = [];
  let stringStart = -1;
  let lastString: string | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (stringStart >= 0) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) {
        lastString = text.slice(stringStart, index + 1);
        stringStart = -1;
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (code === 0x22) stringStart = index;
    else if (code === 0x3a && top?.kind === 'object') top.key = decodeKey(lastString);
    else if (code === 0x2c && top?.kind === 'array') top.key = (top.key as number) + 1;
    else if (code === 0x7b || code === 0x5b) {
      if (stack.length + 1 > max) return pathOf(stack);
      stack.push({ kind: code === 0x7b ? 'object' : 'array', key: code === 0x7b ? null : 0 });
    } else if (code === 0x7d || code === 0x5d) stack.pop();
  }
  return null;
}

function decodeKey(raw: string | null): string {
  try {
    return raw === null ? '' : (JSON.parse(raw) as string);
  } catch {
    return '';
  }
}

function pathOf(stack: readonly Container[]): string {
  return stack.reduce<string>((path, container) => (container.key === null ? path : childPath(path, container.key)), '');
}
