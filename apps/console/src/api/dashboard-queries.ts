/**
 * Every read and write of the workspace dashboard, as TanStack Query hooks over the
 * typed clients. Every key starts with the mode, so switching test/live swaps all data at once and
 * nothing of one mode is ever shown in the other.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, modeHeaders, publicApi, unwrap } from './client';
import { retryTransient, withIdempotencyKey } from './idempotency';
import type { DeliveriesQuery, DeploymentStatus, EndpointInput, MemoryKind, Mode, NewEndpointInput, ReplayFilter, Role } from './dashboard-types';

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

const id = (value: string) => ({ params: { path: { id: value } } });
const nextPage = (last: { next: string | null }) => last.next ?? undefined;

// ------------------------------------------------------------------ workspace and usage

export function useWorkspace() {
  return useQuery({ queryKey: dashKeys.workspace, queryFn: () => unwrap(api.GET('/console/api/v1/workspace')) });
}

export function useUsage(mode: Mode) {
  return useQuery({ queryKey: dashKeys.usage(mode), queryFn: () => unwrap(publicApi[mode].GET('/v1/usage')) });
}

export function useUsageHistory(mode: Mode, days: number) {
  return useQuery({ queryKey: dashKeys.usageHistory(mode, days), queryFn: () => unwrap(publicApi[mode].GET('/v1/usage/history', { params: { query: { days } } })) });
}

// ------------------------------------------------------------------ deployments

export interface DeploymentFilters {
  status: DeploymentStatus[];
  skill: string;
  createdAfter: string;
  /** A deployment id, or text to find in the brief (`q`); empty for none. */
  q: string;
}

export function useDeploymentList(mode: Mode, filters: DeploymentFilters) {
  return useInfiniteQuery({
    queryKey: [...dashKeys.deployments(mode), filters],
    queryFn: ({ pageParam }) =>
      unwrap(
        publicApi[mode].GET('/v1/deployments', {
          params: {
            query: {
              limit: 25,
              ...(filters.status.length ? { status: filters.status } : {}),
              ...(filters.skill ? { skill: filters.skill } : {}),
              ...(filters.createdAfter ? { created_after: filters.createdAfter } : {}),
              ...(filters.q ? { q: filters.q } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    // Changes arrive over the live stream; a new deployment has no public event until accepted, so the list also looks again now and then.
    refetchInterval: 5_000,
  });
}

export function useDeploymentDetail(mode: Mode, deploymentId: string) {
  return useQuery({ queryKey: dashKeys.deployment(mode, deploymentId), queryFn: () => unwrap(publicApi[mode].GET('/v1/deployments/{id}', id(deploymentId))) });
}

export function useDeploymentEvents(mode: Mode, deploymentId: string) {
  return useQuery({
    queryKey: dashKeys.deploymentEvents(mode, deploymentId),
    queryFn: () => unwrap(publicApi[mode].GET('/v1/deployments/{id}/events', { params: { path: { id: deploymentId }, query: { limit: 100 } } })),
  });
}

/**
 * Offers, declines and timeouts of a deployment: they are no public events, so while it is pending
 * the page reads them again every few seconds (the deployment's own changes come live).
 */
export function useRoutingHistory(mode: Mode, deploymentId: string, pending: boolean) {
  return useQuery({
    queryKey: dashKeys.routing(mode, deploymentId),
    queryFn: () => unwrap(api.GET('/console/api/v1/deployments/{id}/routing', { ...id(deploymentId), headers: modeHeaders(mode) })),
    refetchInterval: pending ? 3_000 : false,
  });
}

/** The agent's cancel (`POST /v1/deployments/:id/cancel`), from `pending` or `accepted`; held credits go back. */
export function useCancelDeployment(mode: Mode, deploymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => unwrap(publicApi[mode].POST('/v1/deployments/{id}/cancel', { ...id(deploymentId), body: reason ? { reason } : {} })),
    onSuccess: (deployment) => {
      client.setQueryData(dashKeys.deployment(mode, deploymentId), deployment);
      void client.invalidateQueries({ queryKey: dashKeys.deployments(mode) });
      void client.invalidateQueries({ queryKey: dashKeys.routing(mode, deploymentId) });
    },
  });
}

/** The workspace's rating of completed work (`POST /v1/deployments/:id/feedback`), once; answers the deployment with `feedback`. */
export function useGiveFeedback(mode: Mode, deploymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; comment: string }) =>
      unwrap(publicApi[mode].POST('/v1/deployments/{id}/feedback', { ...id(deploymentId), body: input.comment ? { rating: input.rating, comment: input.comment } : { rating: input.rating } })),
    // The answer carries `feedback` but not `follow_ups` (GET /v1/deployments/:id only): the chain already shown is kept.
    onSuccess: (deployment) =>
      client.setQueryData(dashKeys.deployment(mode, deploymentId), (shown: typeof deployment | undefined) => ({ ...deployment, ...(shown?.follow_ups ? { follow_ups: shown.follow_ups } : {}) })),
  });
}

// ------------------------------------------------------------------ API keys

export function useApiKeys(mode: Mode) {
  return useQuery({ queryKey: dashKeys.apiKeys(mode), queryFn: () => unwrap(api.GET('/console/api/v1/api_keys', { headers: modeHeaders(mode) })) });
}

export function useCreateApiKey(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => withIdempotencyKey(`${mode} POST api_keys`, name, (key) => unwrap(api.POST('/console/api/v1/api_keys', { body: { name }, headers: { ...modeHeaders(mode), ...key } }))),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.apiKeys(mode) }),
  });
}

export function useRevokeApiKey(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => unwrap(api.POST('/console/api/v1/api_keys/{id}/revoke', { ...id(keyId), body: {}, headers: modeHeaders(mode) })),
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.apiKeys(mode) }),
  });
}

// ------------------------------------------------------------------ webhook endpoints and the signing secret

export function useEndpoints(mode: Mode) {
  return useQuery({ queryKey: dashKeys.endpoints(mode), queryFn: () => unwrap(publicApi[mode].GET('/v1/webhook_endpoints')) });
}

export function useEndpoint(mode: Mode, endpointId: string) {
  return useQuery({ queryKey: dashKeys.endpoint(mode, endpointId), queryFn: () => unwrap(publicApi[mode].GET('/v1/webhook_endpoints/{id}', id(endpointId))), enabled: endpointId !== '' });
}

/** After any change to endpoints, the list and the one changed are read again. */
function useEndpointsChanged(mode: Mode) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: dashKeys.endpoints(mode) });
    void client.invalidateQueries({ queryKey: ['dash', mode, 'endpoint'] });
  };
}

export function useCreateEndpoint(mode: Mode) {
  const changed = useEndpointsChanged(mode);
  return useMutation({
    mutationFn: (body: NewEndpointInput) => withIdempotencyKey(`${mode} POST webhook_endpoints`, body, (headers) => unwrap(publicApi[mode].POST('/v1/webhook_endpoints', { body, headers }))),
    retry: retryTransient,
    onSuccess: changed,
  });
}

export function useUpdateEndpoint(mode: Mode, endpointId: string) {
  const changed = useEndpointsChanged(mode);
  return useMutation({ mutationFn: (body: EndpointInput) => unwrap(publicApi[mode].POST('/v1/webhook_endpoints/{id}', { ...id(endpointId), body })), onSuccess: changed });
}

export function useDeleteEndpoint(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => unwrap(publicApi[mode].DELETE('/v1/webhook_endpoints/{id}', id(endpointId))),
    onSuccess: (_, endpointId) => {
      client.removeQueries({ queryKey: dashKeys.endpoint(mode, endpointId) });
      void client.invalidateQueries({ queryKey: dashKeys.endpoints(mode) });
    },
  });
}

export function useRotateEndpointSecret(mode: Mode, endpointId: string) {
  const changed = useEndpointsChanged(mode);
  return useMutation({
    mutationFn: (overlapSeconds: number) =>
      withIdempotencyKey(`${mode} POST webhook_endpoints/${endpointId}/rotate_secret`, overlapSeconds, (headers) =>
        unwrap(publicApi[mode].POST('/v1/webhook_endpoints/{id}/rotate_secret', { ...id(endpointId), body: { overlap_seconds: overlapSeconds }, headers })),
      ),
    retry: retryTransient,
    onSuccess: changed,
  });
}

export function useSendTestEvent(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    // Each press is another test event (a new delivery): the key covers the press and its retries.
    mutationFn: (endpointId: string) => withIdempotencyKey(`${mode} POST webhook_endpoints/test`, endpointId, (headers) => unwrap(publicApi[mode].POST('/v1/webhook_endpoints/{id}/test', { ...id(endpointId), body: {}, headers }))),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.deliveries(mode) }),
  });
}

export function useSigningSecret(mode: Mode) {
  return useQuery({ queryKey: dashKeys.signingSecret(mode), queryFn: () => unwrap(publicApi[mode].GET('/v1/webhook_signing_secret')) });
}

export function useRevealSigningSecret(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(publicApi[mode].POST('/v1/webhook_signing_secret/reveal', { body: {} })),
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.signingSecret(mode) }),
  });
}

export function useRotateSigningSecret(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (overlapSeconds: number) =>
      withIdempotencyKey(`${mode} POST webhook_signing_secret/rotate`, overlapSeconds, (headers) => unwrap(publicApi[mode].POST('/v1/webhook_signing_secret/rotate', { body: { overlap_seconds: overlapSeconds }, headers }))),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.signingSecret(mode) }),
  });
}

// ------------------------------------------------------------------ deliveries, replay

export type DeliveryFilters = Omit<DeliveriesQuery, 'limit' | 'cursor'>;

/** Deliveries change by themselves (attempts, retries, dead letters): the log looks again every few seconds, faster while any shown is still being tried. */
export function useDeliveryList(mode: Mode, filters: DeliveryFilters) {
  return useInfiniteQuery({
    queryKey: [...dashKeys.deliveries(mode), filters],
    queryFn: ({ pageParam }) => unwrap(publicApi[mode].GET('/v1/webhook_deliveries', { params: { query: { limit: 25, ...filters, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.data.some((d) => d.status === 'scheduled' || d.status === 'retrying')) ? 1_000 : 5_000),
  });
}

export function useDelivery(mode: Mode, deliveryId: string) {
  return useQuery({
    queryKey: dashKeys.delivery(mode, deliveryId),
    queryFn: () => unwrap(publicApi[mode].GET('/v1/webhook_deliveries/{id}', id(deliveryId))),
    // A delivery still being retried changes by itself: keep it fresh while it is open.
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'scheduled' || query.state.data.status === 'retrying') ? 2_000 : false),
  });
}

export function useReplayDelivery(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => withIdempotencyKey(`${mode} POST webhook_deliveries/replay`, deliveryId, (headers) => unwrap(publicApi[mode].POST('/v1/webhook_deliveries/{id}/replay', { ...id(deliveryId), body: {}, headers }))),
    retry: retryTransient,
    onSuccess: (delivery) => {
      void client.invalidateQueries({ queryKey: dashKeys.delivery(mode, delivery.id) });
      void client.invalidateQueries({ queryKey: dashKeys.deliveries(mode) });
    },
  });
}

/** Retry now: a scheduled retry made due at once (same attempt); 409 when nothing is scheduled. */
export function useRetryDeliveryNow(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => withIdempotencyKey(`${mode} POST webhook_deliveries/retry_now`, deliveryId, (headers) => unwrap(publicApi[mode].POST('/v1/webhook_deliveries/{id}/retry_now', { ...id(deliveryId), body: {}, headers }))),
    retry: retryTransient,
    onSuccess: (delivery) => {
      void client.invalidateQueries({ queryKey: dashKeys.delivery(mode, delivery.id) });
      void client.invalidateQueries({ queryKey: dashKeys.deliveries(mode) });
    },
  });
}

export function useBulkReplay(mode: Mode) {
  return useMutation({
    mutationFn: (filter: ReplayFilter) => withIdempotencyKey(`${mode} POST webhook_deliveries/replay-all`, filter, (headers) => unwrap(publicApi[mode].POST('/v1/webhook_deliveries/replay', { body: filter, headers }))),
    retry: retryTransient,
  });
}

/** A bulk replay's progress, read again every half second while it runs. */
export function useReplayJob(mode: Mode, jobId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: dashKeys.replay(mode, jobId ?? ''),
    enabled: jobId !== null,
    queryFn: async () => {
      const job = await unwrap(publicApi[mode].GET('/v1/webhook_replays/{id}', id(jobId ?? '')));
      void client.invalidateQueries({ queryKey: dashKeys.deliveries(mode) });
      return job;
    },
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : 500),
  });
}

// ------------------------------------------------------------------ brand memory

export function useMemory(mode: Mode) {
  return useInfiniteQuery({
    queryKey: dashKeys.memory(mode),
    queryFn: ({ pageParam }) => unwrap(publicApi[mode].GET('/v1/memory', { params: { query: { limit: 100, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });
}

export function usePutMemory(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: { key: string; kind: MemoryKind; body: string }) =>
      unwrap(publicApi[mode].PUT('/v1/memory/{key}', { params: { path: { key: entry.key } }, body: { kind: entry.kind, body: entry.body } })),
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.memory(mode) }),
  });
}

export function useDeleteMemory(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => unwrap(publicApi[mode].DELETE('/v1/memory/{key}', { params: { path: { key } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.memory(mode) }),
  });
}

// ------------------------------------------------------------------ team (owners)

export function useMembers(enabled = true) {
  return useQuery({ queryKey: dashKeys.members, queryFn: () => unwrap(api.GET('/console/api/v1/members')), enabled });
}

export function useMemberInvitations(enabled = true) {
  return useQuery({ queryKey: dashKeys.invitations, queryFn: () => unwrap(api.GET('/console/api/v1/members/invitations')), enabled });
}

function useTeamChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: dashKeys.members });
    void client.invalidateQueries({ queryKey: dashKeys.invitations });
    void client.invalidateQueries({ queryKey: dashKeys.auditLog });
  };
}

export function useInviteMember() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (body: { email: string; role: Role }) => withIdempotencyKey('POST members/invitations', body, (headers) => unwrap(api.POST('/console/api/v1/members/invitations', { body, headers }))),
    retry: retryTransient,
    onSuccess: changed,
  });
}

export function useRevokeMemberInvitation() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: (invitationId: string) => unwrap(api.DELETE('/console/api/v1/members/invitations/{id}', id(invitationId))), onSuccess: changed });
}

export function useChangeRole() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: (input: { memberId: string; role: Role }) => unwrap(api.POST('/console/api/v1/members/{id}', { ...id(input.memberId), body: { role: input.role } })), onSuccess: changed });
}

export function useRemoveMember() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: (memberId: string) => unwrap(api.DELETE('/console/api/v1/members/{id}', id(memberId))), onSuccess: changed });
}

// ------------------------------------------------------------------ audit log, plan and limits

export function useAuditLog(action: string) {
  return useInfiniteQuery({
    queryKey: [...dashKeys.auditLog, action],
    queryFn: ({ pageParam }) => unwrap(api.GET('/console/api/v1/audit_log', { params: { query: { limit: 50, ...(action ? { action } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
  });
}

export function useLimitRequests() {
  return useQuery({ queryKey: dashKeys.limitRequests, queryFn: () => unwrap(api.GET('/console/api/v1/limit_requests')) });
}

export function useRequestLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { in_flight_limit: number; reason: string }) => withIdempotencyKey('POST limit_requests', body, (headers) => unwrap(api.POST('/console/api/v1/limit_requests', { body, headers }))),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.limitRequests }),
  });
}
