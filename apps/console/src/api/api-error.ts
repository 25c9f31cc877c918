/** The gateway's error body (`{error: {code, message, param?}}`), thrown so the query cache sees a failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    /** From `Retry-After` on 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function errorFields(body: unknown): { code?: string; message?: string; param?: string } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message, param } = error as Record<string, unknown>;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    param: typeof param === 'string' ? param : undefined,
  };
}

export function toApiError(response: Response, body: unknown): ApiError {
  const { code, message, param } = errorFields(body);
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    code ?? `http_${response.status}`,
    message ?? `The server answered ${response.status} ${response.statusText}`.trim(),
    param,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** The API's messages are sentence fragments ("the email or the password is wrong"). */
const sentence = (text: string): string => {
  const trimmed = text.trim();
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
};

/**
 * A form's field labels by the API parameter each one sends (`{ url: 'Endpoint URL' }`): the API
 * names fields as JSON does, a person knows them by the words beside the box.
 */
export type FieldLabels = Readonly<Record<string, string>>;

/** The API's wording for programs, and the same said for people. */
const PHRASES: [RegExp, string][] = [
  [/must be an https URL/g, 'must be an address starting with https://'],
  [/is not a valid URL/g, 'is not a web address'],
  [/must not point to a non-public address \([^)]*\)/g, 'must be an address on the public internet'],
  [/must not point to a local host name \([^)]*\)/g, 'must be an address on the public internet'],
  [/must not carry credentials/g, 'must not contain a user name or password'],
  [/must be an integer from (\d+) to (\d+)/g, 'must be a whole number from $1 to $2'],
  [/must be an integer/g, 'must be a whole number'],
  [/must be a string/g, 'must be text'],
  [/should not be empty|must not be empty/g, 'is needed'],
];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `enabled_events[2]` → the label of `enabled_events`; an unknown parameter in plain words. */
function labelOf(param: string, labels: FieldLabels): string {
  if (labels[param]) return labels[param];
  const root = param.replace(/[[.].*$/, '');
  if (labels[root]) return labels[root];
  return root.replace(/_/g, ' ');
}

/**
 * One sentence for a person: the field named as the form labels it, the API's phrasing put in
 * plain words, a capital and a full stop ("url must be an https URL" → "Endpoint URL must be an
 * address starting with https://."). Every form's errors and notices go through here.
 */
function humanMessage(error: ApiError, labels: FieldLabels): string {
  let text = error.message;
  for (const [pattern, plain] of PHRASES) text = text.replace(pattern, plain);
  if (error.param) {
    const label = labelOf(error.param, labels);
    const named = new RegExp(`(^|[\\s"'\`(])${escapeRegExp(error.param)}(?=$|[\\s"'\`).,:;])`, 'g');
    text = named.test(text) ? text.replace(named, (_, before: string) => `${before}${label}`) : `${label}: ${text}`;
  }
  return sentence(text);
}

/** Words for a person, whatever failed (network included); `labels` names the form's fields. */
export function describeError(error: unknown, labels: FieldLabels = {}): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfterSeconds) return `${sentence(error.message)} Try again in ${error.retryAfterSeconds} s.`;
    return humanMessage(error, labels);
  }
  if (error instanceof TypeError) return 'The console could not reach the server. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** The refusal of one field (`param`, or an item of it), in a person's words; null when it is about another. */
export function fieldError(error: unknown, param: string, labels: FieldLabels): string | null {
  if (!(error instanceof ApiError) || error.param === undefined) return null;
  const about = error.param === param || error.param.startsWith(`${param}[`) || error.param.startsWith(`${param}.`);
  return about ? describeError(error, labels) : null;
}

/** A refusal no field of the form shows (it names none of `labels`), or null. */
export function formError(error: unknown, labels: FieldLabels): string | null {
  if (error === null || error === undefined) return null;
  if (Object.keys(labels).some((param) => fieldError(error, param, labels))) return null;
  return describeError(error, labels);
}
