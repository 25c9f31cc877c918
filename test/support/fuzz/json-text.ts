/**
 * A JSON document as the fuzzer builds it, before it becomes bytes. Plain JS objects cannot say
 * everything a hostile body says (an own `__proto__` key, a key given twice, `-0` or `1e999` as
 * written, 5,000 levels of nesting, a megabyte string), so objects are ordered entry lists and
 * the rest are small marker nodes, serialized by `jsonText` without recursion for the deep ones.
 */
export type J = null | boolean | number | string | J[] | JObject | JRaw | JNest | JBig;

/** An object: entries in order, duplicates allowed, any key (`__proto__` included). */
export interface JObject {
  $o: [string, J][];
}
/** Literal JSON text, e.g. `-0`, `1e999`, `0.1e-400`, `123456789012345678901234567890`. */
export interface JRaw {
  $raw: string;
}
/** `depth` levels of `[` or `{"a":` around `leaf`. */
export interface JNest {
  $nest: number;
  kind: 'array' | 'object' | 'mixed';
  leaf: J;
}
/** A string of `unit` repeated until it is `length` UTF-16 units long (cut at a unit boundary). */
export interface JBig {
  $big: number;
  unit: string;
}

export const obj = (entries: [string, J][]): JObject => ({ $o: entries });
export const isObj = (value: J | undefined): value is JObject => typeof value === 'object' && value !== null && !Array.isArray(value) && '$o' in value;
export const isRaw = (value: J | undefined): value is JRaw => typeof value === 'object' && value !== null && !Array.isArray(value) && '$raw' in value;
export const isNest = (value: J | undefined): value is JNest => typeof value === 'object' && value !== null && !Array.isArray(value) && '$nest' in value;
export const isBig = (value: J | undefined): value is JBig => typeof value === 'object' && value !== null && !Array.isArray(value) && '$big' in value;

export function bigString(node: JBig): string {
  const unit = node.unit || 'a';
  const whole = unit.repeat(Math.max(0, Math.floor(node.$big / unit.length)));
  return whole;
}

/** JSON text of `value`: strings through JSON.stringify (NUL as `\u0000`, lone surrogates as `\ud800`). */
export function jsonText(value: J): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? '-0' : JSON.stringify(value)) : 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (isObj(value)) return `{${value.$o.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  if (isRaw(value)) return value.$raw;
  if (isBig(value)) return JSON.stringify(bigString(value));
  const depth = Math.max(0, value.$nest);
  const leaf = jsonText(value.leaf);
  if (value.kind === 'array') return `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
  if (value.kind === 'object') return `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
  const open: string[] = [];
  const close: string[] = [];
  for (let level = 0; level < depth; level++) {
    open.push(level % 2 === 0 ? '[' : '{"a":');
    close.push(level % 2 === 0 ? ']' : '}');
  }
  return `${open.join('')}${leaf}${close.reverse().join('')}`;
}

/** The JSON type name of a node, as a schema would name it. */
export function jsonType(value: J): 'null' | 'boolean' | 'number' | 'integer' | 'string' | 'array' | 'object' {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || isBig(value)) return 'string';
  if (Array.isArray(value)) return 'array';
  if (isObj(value)) return 'object';
  if (isRaw(value)) {
    const parsed: unknown = JSON.parse(value.$raw);
    return typeof parsed === 'number' ? (Number.isInteger(parsed) ? 'integer' : 'number') : (jsonType(parsed as J) as 'string');
  }
  return value.kind === 'object' ? 'object' : 'array';
}

/** A short, escaped excerpt of a body for a report. */
export function excerpt(text: string | Buffer, max = 300): string {
  const raw = typeof text === 'string' ? text : text.toString('latin1');
  const shown = raw.length > max ? `${raw.slice(0, max)}… (${raw.length} chars)` : raw;
  return JSON.stringify(shown);
}

/** Percent-encodes every byte that is not unreserved; a lone surrogate goes as U+FFFD's bytes. */
export function pct(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
