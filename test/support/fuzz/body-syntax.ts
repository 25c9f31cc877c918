import fc from 'fast-check';
import { obj } from './json-text';
import { type Base, type BodyChoice, type Mutation, pick, UTF8_MARKER } from './fuzz-case';

/** Bodies broken below JSON (bytes, content types, syntax), and bodies sent where a route reads none. */

export const INVALID_UTF8 = [
  [0xff],
  [0xfe],
  [0xc3, 0x28],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

/** [content type (an array: several Content-Type headers), certainly refused when a body reading route gets it]. */
export const CONTENT_TYPES: [string | null | string[], boolean][] = [
  ['text/plain', true],
  ['application/x-www-form-urlencoded', true],
  ['multipart/form-data; boundary=x', true],
  ['application/xml', true],
  ['application/jsonx', true],
  ['application/vnd.api+json', false],
  ['application/merge-patch+json', false],
  ['APPLICATION/JSON', false],
  ['application/json; charset=utf-8', false],
  ['application/json; charset=latin1', false],
  ['application/json; charset=utf-16', false],
  ['application/json;;;', false],
  ['application/json, text/plain', false],
  ['', false],
  [null, false],
  ['*/*', false],
  [['application/json', 'text/plain'], false],
  ['application/json; boundary="\u00e9"', false],
];

interface SyntaxVariant {
  name: string;
  reject: boolean;
  render: (text: string, cut: number) => string;
}

const inject = (text: string, entry: string): string => (text === '{}' || !text.startsWith('{') ? `{${entry}}` : `${text.slice(0, -1)},${entry}}`);

export const SYNTAX_VARIANTS: SyntaxVariant[] = [
  { name: 'truncated', reject: true, render: (text, cut) => text.slice(0, Math.max(1, cut % Math.max(1, text.length - 1))) },
  { name: 'trailing-comma', reject: true, render: (text) => (text === '{}' ? '{,}' : `${text.slice(0, -1)},}`) },
  { name: 'trailing-garbage', reject: true, render: (text) => `${text}x` },
  { name: 'two-values', reject: true, render: (text) => `${text}{}` },
  { name: 'single-quotes', reject: true, render: (text) => (text.includes('"') ? text.replace(/"/g, "'") : "{'a':'b'}") },
  { name: 'comment', reject: true, render: (text) => `/*c*/${text}` },
  { name: 'NaN', reject: true, render: (text) => inject(text, '"n":NaN') },
  { name: 'Infinity', reject: true, render: (text) => inject(text, '"n":-Infinity') },
  { name: 'leading-zero', reject: true, render: (text) => inject(text, '"n":01') },
  { name: 'hex-number', reject: true, render: (text) => inject(text, '"n":0x10') },
  { name: 'plus-number', reject: true, render: (text) => inject(text, '"n":+1') },
  { name: 'bad-escape', reject: true, render: (text) => inject(text, '"n":"\\x"') },
  { name: 'short-unicode-escape', reject: true, render: (text) => inject(text, '"n":"\\u12"') },
  { name: 'raw-control-char', reject: true, render: (text) => inject(text, '"n":"a\u0001b"') },
  { name: 'raw-newline-in-string', reject: true, render: (text) => inject(text, '"n":"a\nb"') },
  { name: 'unterminated-string', reject: true, render: () => '{"n":"abc' },
  { name: 'unquoted-key', reject: true, render: (text) => inject(text, 'n:1') },
  { name: 'unbalanced-5000', reject: true, render: () => '['.repeat(5000) },
  { name: 'bom', reject: false, render: (text) => `\ufeff${text}` },
  { name: 'whitespace', reject: false, render: (text) => ` \n\t${text}\r\n ` },
  { name: 'only-whitespace', reject: false, render: () => ' \n\t ' },
  { name: 'empty', reject: false, render: () => '' },
  { name: 'escaped-nul-key', reject: true, render: (text) => inject(text, '"\\u0000":1') },
  { name: 'escaped-lone-surrogate', reject: true, render: (text) => inject(text, '"n":"\\ud800"') },
  { name: 'proto-pollution', reject: true, render: (text) => inject(text, '"__proto__":{"polluted":true}') },
  { name: 'constructor-prototype', reject: true, render: (text) => inject(text, '"constructor":{"prototype":{"polluted":true}}') },
];

/** Bodies sent to routes that read none (GET, DELETE, actions without a body). */
export function unexpectedBody(): fc.Arbitrary<(base: Base) => Mutation> {
  return fc.nat().map((which) => (): Mutation => {
    const bodies: BodyChoice[] = [
      { kind: 'json', value: obj([['x', 1]]) },
      { kind: 'json', value: { $nest: 3000, kind: 'array', leaf: 1 } },
      { kind: 'json', value: obj([['__proto__', obj([['polluted', true]])]]) },
      { kind: 'text', text: '{"truncated' },
      { kind: 'json', value: { $big: 1_100_000, unit: 'a' } },
      { kind: 'utf8', value: obj([['x', UTF8_MARKER]]), bytes: [0xff, 0xfe] },
    ];
    const body = pick(bodies, which);
    return { family: 'body.unexpected', detail: body.kind, reject: false, body };
  });
}
