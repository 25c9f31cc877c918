/**
 * Every read and write of the workspace dashboard, as TanStack Query hooks over the
 * typed clients. Every key starts with the mode, so switching test/live swaps all data at once and
 * nothing of one mode is ever shown in the other.
 */
import type { Mode } from './dashboard-types';

export const dashKeys = {
  all: (mode: Mode) => ['dash', mode] as const,
  workspace: ['workspace'] as const,
  usage: (mode: Mode) => ['dash', mode, 'usage'] as const,
  usageHistory: (mode: Mode, days: number) => ['dash', mode, 'usage-history', days] as const,
  deployments: (mode: Mode) => ['dash', mode, 'deployments'] as const,
  deployment: (mode: Mode, id: string) => ['dash', mode, 'deployment', id] as const,
  deploymentEvents: (mode: Mode, id: string) => ['dash', mode, 'deployment-events', id] as const,
  routing: (mode: Mode, id: string) => ['dash', mode, 'routing', id] as const,
  apiKeys: (mode: Mode) => ['dash', mode, 'api-keys'] as const,
  endpoints: (mode: Mode) => ['dash', mode, 'endpoints'] as const,
  endpoint: (mode: Mode, id: string) => ['dash', mode, 'endpoint', id] as const,
  signingSecret: (mode: Mode) => ['dash', mode, 'signing-secret'] as const,
  deliveries: (mode: Mode) => ['dash', mode, 'deliveries'] as const,
  delivery: (mode: Mode, id: string) => ['dash', mode, 'delivery', id] as const,
  replay: (mode: Mode, id: string) => ['dash', mode, 'replay', id] as const,
  memory: (mode: Mode) => ['dash', mode, 'memory'] as const,
  members: ['members'] as const,
  invitations: ['member-invitations'] as const,
  auditLog: ['audit-log'] as const,
  limitRequests: ['limit-requests'] as const,
};

export const byId = (value: string) => ({ params: { path: { id: value } } });
export const nextPage = (last: { next: string | null }) => last.next ?? undefined;
