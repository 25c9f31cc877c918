import { SYNTAX_VARIANTS } from './body-syntax';
import { RAW_QUERY, UTF8_MARKER, type FuzzCase } from './fuzz-case';
import type { Catalog, Endpoint, IdKind } from './catalog';
import { excerpt, jsonText, pct } from './json-text';

export { pct };

/** What a run knows about the stack it talks to: where it is, its credentials, real identifiers. */
export interface FuzzWorld {
  host: string;
  port: number;
  credentials: { test: string; live: string; expert: string; expertB: string; admin: string };
  /**
   * Real identifiers by `kind` or `kind:mode` (`deployment:live`). Routes that change state on the
   * admin surface draw from `victims` instead, so a rotated key or a retired expert is never one
   * the run depends on.
   */
  pools: Record<string, string[]>;
  victims: Partial<Record<IdKind, string[]>>;
  /** Valid setup requests that failed with a 5xx. */
  setupProblems?: string[];
}

export interface Rendered {
  chunks: Buffer[];
  halfClose: boolean;
  method: string;
  target: string;
  headerLines: string[];
  body: Buffer;
}

const KINDS: IdKind[] = ['deployment', 'handoff', 'expert', 'workspace', 'delivery', 'memory', 'key'];

function pool(world: FuzzWorld, endpoint: Endpoint, kind: IdKind, mode: 'test' | 'live'): string[] {
  if (endpoint.surface === 'admin' && endpoint.mutating && world.victims[kind]?.length) return world.victims[kind] ?? [];
  if (endpoint.auth === 'workspace') {
    const own = world.pools[`${kind}:${mode}`];
    if (own?.length) return own;
  }
  if (endpoint.auth === 'expert') {
    const live = world.pools[`${kind}:live`] ?? [];
    const test = world.pools[`${kind}:test`] ?? [];
    if (live.length + test.length > 0) return [...live, ...test];
  }
  return world.pools[kind] ?? [...(world.pools[`${kind}:test`] ?? []), ...(world.pools[`${kind}:live`] ?? [])];
}

function credential(world: FuzzWorld, auth: Endpoint['auth'] | 'workspace', mode: 'test' | 'live'): string {
  switch (auth) {
    case 'workspace':
      return mode === 'live' ? world.credentials.live : world.credentials.test;
    case 'expert':
      return world.credentials.expert;
    case 'expert-b':
      return world.credentials.expertB;
    case 'admin':
      return world.credentials.admin;
    default:
      return world.credentials.test;
  }
}

export function renderBody(request: FuzzCase): Buffer {
  const body = request.body;
  switch (body.kind) {
    case 'none':
      return Buffer.alloc(0);
    case 'json':
      return Buffer.from(jsonText(body.value), 'utf8');
    case 'text':
      return Buffer.from(body.text, 'utf8');
    case 'syntax': {
      const variant = SYNTAX_VARIANTS.find((item) => item.name === body.variant);
      return Buffer.from(variant ? variant.render(jsonText(body.value), body.cut) : jsonText(body.value), 'utf8');
    }
    case 'utf8': {
      const text = Buffer.from(jsonText(body.value), 'utf8');
      const marker = Buffer.from(UTF8_MARKER, 'utf8');
      const at = text.indexOf(marker);
      return at < 0 ? text : Buffer.concat([text.subarray(0, at), Buffer.from(body.bytes), text.subarray(at + marker.length)]);
    }
  }
}

/** The request's bytes. */
export function render(request: FuzzCase, catalog: Catalog, world: FuzzWorld): Rendered {
  const endpoint = catalog.endpoints.find((item) => item.key === request.endpoint);
  if (!endpoint) throw new Error(`no endpoint ${request.endpoint}`);
  const mode = request.auth.kind === 'valid' ? request.auth.mode : 'test';
  let paramIndex = 0;
  const path = endpoint.path.replace(/:(\w+)/g, () => {
    const param = endpoint.pathParams[paramIndex];
    const choice = request.params[paramIndex++];
    if (!choice || !param) return 'x';
    if (choice.kind === 'bad') return choice.verbatim ? choice.value : pct(choice.value);
    const kind = choice.cross ? KINDS.filter((item) => item !== param.kind)[choice.pick % (KINDS.length - 1)] : param.kind;
    const ids = pool(world, endpoint, kind, mode);
    return pct(ids.length ? ids[choice.pick % ids.length] : 'none');
  });
  const query = request.query.map(([name, value]) => (value === RAW_QUERY ? name : `${name}=${value}`)).join('&');
  let target = query ? `${path}?${query}` : path;
  const line = request.requestLine ?? {};
  switch (line.target) {
    case 'absolute':
      target = `http://${world.host}:${world.port}${target}`;
      break;
    case 'no-slash':
      target = target.slice(1);
      break;
    case 'asterisk':
      target = '*';
      break;
    case 'raw-space':
      target = `${target} x`;
      break;
    case 'fragment':
      target = `${target}#frag`;
      break;
    case 'raw-bytes':
      target = `${target}\u00ff\u00e9`;
      break;
    default:
      break;
  }
  const method = line.method ?? endpoint.method;
  const version = line.version ?? 'HTTP/1.1';
  const headers: string[] = [];
  if (!request.omitHost) headers.push(`Host: ${world.host}:${world.port}`);
  const valid = credential(world, endpoint.auth, mode);
  switch (request.auth.kind) {
    case 'valid':
      if (endpoint.auth !== 'none') headers.push(`Authorization: Bearer ${valid}`);
      break;
    case 'raw':
      headers.push(`Authorization: ${request.auth.value.replace('{key}', valid)}`);
      break;
    case 'surface':
      headers.push(`Authorization: Bearer ${credential(world, request.auth.as, 'test')}`);
      break;
    case 'duplicate':
      headers.push(`Authorization: Bearer ${valid}`, `Authorization: ${request.auth.second}`);
      break;
    case 'absent':
      break;
  }
  let body = renderBody(request);
  const sendsBody = body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(endpoint.method);
  if (request.contentType === 'default') {
    if (body.length > 0) headers.push('Content-Type: application/json');
  } else if (request.contentType !== null) headers.push(`Content-Type: ${request.contentType}`);
  if (request.idempotencyKey) headers.push(`Idempotency-Key: ${request.idempotencyKey}`);
  for (const [name, value] of request.headers) headers.push(`${name}: ${value}`);
  headers.push(...request.rawHeaderLines);
  let halfClose = false;
  const framing = request.framing;
  switch (framing.kind) {
    case 'normal':
      if (sendsBody) headers.push(`Content-Length: ${body.length}`);
      break;
    case 'cl-delta':
      headers.push(`Content-Length: ${Math.max(0, body.length + framing.delta)}`);
      halfClose = framing.delta > 0;
      break;
    case 'cl-raw':
      for (const value of framing.values) headers.push(`Content-Length: ${value}`);
      halfClose = true;
      break;
    case 'chunked':
      headers.push('Transfer-Encoding: chunked');
      body = chunked(body, framing.badSize);
      halfClose = framing.badSize !== null;
      break;
    case 'te-and-cl':
      headers.push('Transfer-Encoding: chunked', `Content-Length: ${body.length}`);
      body = chunked(body, null);
      break;
    case 'te-other':
      headers.push(`Transfer-Encoding: ${framing.value}`);
      halfClose = true;
      break;
  }
  headers.push('Connection: close');
  const head = version === 'HTTP/0.9' ? `${method} ${target}\r\n` : `${method} ${target} ${version}\r\n${headers.join('\r\n')}\r\n\r\n`;
  return { chunks: [Buffer.from(head, 'latin1'), body], halfClose, method, target, headerLines: headers, body };
}

function chunked(body: Buffer, badSize: string | null): Buffer {
  const half = Math.floor(body.length / 2);
  const parts = [body.subarray(0, half), body.subarray(half)].filter((part) => part.length > 0);
  const out: Buffer[] = [];
  parts.forEach((part, index) => {
    out.push(Buffer.from(`${index === 0 && badSize !== null ? badSize : part.length.toString(16)}\r\n`, 'latin1'), part, Buffer.from('\r\n'));
  });
  if (badSize !== null && parts.length === 0) out.push(Buffer.from(`${badSize}\r\n`, 'latin1'));
  out.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(out);
}

/** A request as a report prints it: method, target, headers and an excerpt of the body. */
export function describeRendered(rendered: Rendered, maxBody = 300): string {
  const target = rendered.target.length > 200 ? `${rendered.target.slice(0, 200)}… (${rendered.target.length} chars)` : rendered.target;
  const headers = rendered.headerLines
    .filter((line) => !/^Host:|^Connection:/.test(line))
    .slice(0, 12)
    .map((line) => `    ${JSON.stringify(line.length > 120 ? `${line.slice(0, 120)}… (${line.length} chars)` : line)}`);
  if (rendered.headerLines.length > 14) headers.push(`    … ${rendered.headerLines.length - 14} more header lines`);
  return [`  ${rendered.method} ${JSON.stringify(target)}`, ...headers, `    body (${rendered.body.length} bytes): ${excerpt(rendered.body, maxBody)}`].join(
    '\n',
  );
}
