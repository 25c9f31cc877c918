import { readFileSync } from 'node:fs';
import type { ExpertApiClient } from './expert-api.client';

type Options = Record<string, string | boolean | undefined>;

export class UsageError extends Error {}

export interface ExpertCommand {
  usage: string;
  summary: string;
  /** --flags with a value; `--key` and `--url` are accepted by every command. */
  options: readonly string[];
  /** --flags without a value. */
  flags?: readonly string[];
  run(api: ExpertApiClient, options: Options): Promise<unknown>;
}

function required(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function integer(options: Options, name: string): number {
  const value = required(options, name);
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

const optional = (options: Options, name: string): string | undefined => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
const deployment = (options: Options): string => encodeURIComponent(required(options, 'deployment'));

/** The body of `publish`: inline (--body) or from a markdown file (--body-file). */
function publishBody(options: Options): string {
  const inline = optional(options, 'body');
  const file = optional(options, 'body-file');
  if ((inline === undefined) === (file === undefined)) throw new UsageError('give exactly one of --body or --body-file');
  return inline ?? readFileSync(file as string, 'utf8');
}

function attachments(options: Options): unknown[] {
  const raw = optional(options, 'attachments');
  if (raw === undefined) return [];
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed)) throw new UsageError('--attachments must be a JSON array of {name, url, content_type, size_bytes}');
  return parsed;
}

/** The typed answer of `publish`, for a deployment with an output schema: inline JSON (--data) or a JSON file (--data-file). */
function typedAnswer(options: Options): { data?: unknown } {
  const inline = optional(options, 'data');
  const file = optional(options, 'data-file');
  if (inline !== undefined && file !== undefined) throw new UsageError('give at most one of --data or --data-file');
  const raw = inline ?? (file === undefined ? undefined : readFileSync(file, 'utf8'));
  if (raw === undefined) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new UsageError(`--${inline !== undefined ? 'data' : 'data-file'} must be JSON: the answer to the deployment's output_schema`);
  }
  return { data };
}

/** `npm run expert -- <command> --key svc_expert_…`: every action is one call, one command, one event. */
export const EXPERT_COMMANDS: Record<string, ExpertCommand> = {
  me: { usage: 'me', summary: 'Who this credential is.', options: [], run: (api) => api.call('GET', '/me') },
  offers: {
    usage: 'offers',
    summary: 'Deployments offered to you now (accept or decline before offer_expires_at).',
    options: [],
    run: (api) => api.call('GET', '/offers'),
  },
  assignments: {
    usage: 'assignments [--all]',
    summary: 'Deployments assigned to you (active ones; --all adds finished ones).',
    options: [],
    flags: ['all'],
    run: (api, options) => api.call('GET', `/assignments${options.all === true ? '?status=all' : ''}`),
  },
  show: {
    usage: 'show --deployment <dep_id>',
    summary: 'The brief, context, question and reply of one deployment.',
    options: ['deployment'],
    run: (api, o) => api.call('GET', `/deployments/${deployment(o)}`),
  },
  memory: {
    usage: 'memory --deployment <dep_id>',
    summary: "The workspace's brand memory for a deployment you work on (entries the handoff named first); null unless you are working it.",
    options: ['deployment'],
    run: async (api, o) => ((await api.call('GET', `/deployments/${deployment(o)}`)) as { memory?: unknown }).memory ?? null,
  },
  accept: {
    usage: 'accept --deployment <dep_id>',
    summary: 'Take the deployment offered to you.',
    options: ['deployment'],
    run: (api, o) => api.call('POST', `/deployments/${deployment(o)}/accept`),
  },
  decline: {
    usage: 'decline --deployment <dep_id> [--reason <text>]',
    summary: 'Turn the offer down; the next expert is offered it.',
    options: ['deployment', 'reason'],
    run: (api, o) => api.call('POST', `/deployments/${deployment(o)}/decline`, { reason: optional(o, 'reason') ?? '' }),
  },
  start: {
    usage: 'start --deployment <dep_id>',
    summary: 'Begin work (once per deployment).',
    options: ['deployment'],
    run: (api, o) => api.call('POST', `/deployments/${deployment(o)}/start`),
  },
  ask: {
    usage: 'ask --deployment <dep_id> --question <text>',
    summary: 'Ask the agent your one clarifying question; the deployment waits in needs_input.',
    options: ['deployment', 'question'],
    run: (api, o) => api.call('POST', `/deployments/${deployment(o)}/ask`, { question: required(o, 'question') }),
  },
  publish: {
    usage:
      'publish --deployment <dep_id> (--body <markdown> | --body-file <path>) --duration-seconds <n> --credits <n> [--attachments <json>] [--data <json> | --data-file <path>]',
    summary: 'Deliver the output (with --data, the typed answer a deployment with an output_schema asks for); the deployment completes and the charge settles.',
    options: ['deployment', 'body', 'body-file', 'duration-seconds', 'credits', 'attachments', 'data', 'data-file'],
    run: (api, o) =>
      api.call('POST', `/deployments/${deployment(o)}/publish`, {
        body: publishBody(o),
        attachments: attachments(o),
        duration_seconds: integer(o, 'duration-seconds'),
        credits_charged: integer(o, 'credits'),
        ...typedAnswer(o),
      }),
  },
  cancel: {
    usage: 'cancel --deployment <dep_id> --reason <text> [--partial-body <markdown>]',
    summary: 'Cancel as the expert (accepted, in_progress or needs_input); the agent is told you did and why.',
    options: ['deployment', 'reason', 'partial-body'],
    run: (api, o) => {
      const partial = optional(o, 'partial-body');
      return api.call('POST', `/deployments/${deployment(o)}/cancel`, { reason: required(o, 'reason'), ...(partial ? { partial_body: partial } : {}) });
    },
  },
  availability: {
    usage: 'availability --set online|busy|offline|away [--until <ISO time, at most 7 days ahead>]',
    summary: 'Say whether you take offers; online until a time with --until (offline after it).',
    options: ['set', 'until'],
    run: (api, o) => {
      const until = optional(o, 'until');
      return api.call('POST', '/availability', { availability: required(o, 'set'), ...(until ? { available_until: until } : {}) });
    },
  },
};
