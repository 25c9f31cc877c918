/**
 * The operations' pages: the admin API, called with the operator's own session
 * (docs/dashboard-contract.md §8), as TanStack Query hooks over the typed client.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, unwrap } from './client';
import { retryTransient, withIdempotencyKey } from './idempotency';
import type { AccountPlan, ExpertProfileInput } from './dashboard-types';

export const opsKeys = {
  experts: ['ops', 'experts'] as const,
  expert: (id: string) => ['ops', 'expert', id] as const,
  workspaces: ['ops', 'workspaces'] as const,
  account: (id: string) => ['ops', 'account', id] as const,
  accountHistory: (id: string) => ['ops', 'account-history', id] as const,
  plans: ['ops', 'plans'] as const,
  limitRequests: ['ops', 'limit-requests'] as const,
  deadLetters: ['ops', 'dead-letters'] as const,
  operators: ['ops', 'operators'] as const,
};

type Availability = 'online' | 'busy' | 'offline' | 'away';
const id = (value: string) => ({ params: { path: { id: value } } });
const nextPage = (last: { next: string | null }) => last.next ?? undefined;

// ------------------------------------------------------------------ roster

/** Roster filters; empty for any. */
export interface RosterFilters {
  skill: string;
  availability: Availability | '';
}

/** The roster, active first by name, 100 a page (the gateway's order), optionally by skill and availability. */
export function useAdminExperts(filters: RosterFilters = { skill: '', availability: '' }) {
  return useInfiniteQuery({
    queryKey: [...opsKeys.experts, filters],
    queryFn: ({ pageParam }) =>
      unwrap(
        adminApi.GET('/admin/v1/experts', {
          params: {
            query: {
              limit: 100,
              ...(filters.skill ? { skill: filters.skill } : {}),
              ...(filters.availability ? { availability: filters.availability } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });
}

export function useAdminExpert(expertId: string) {
  return useQuery({ queryKey: opsKeys.expert(expertId), queryFn: () => unwrap(adminApi.GET('/admin/v1/experts/{id}', id(expertId))) });
}

function useRosterChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: opsKeys.experts });
    void client.invalidateQueries({ queryKey: ['ops', 'expert'] });
  };
}

export function useAddExpert() {
  const changed = useRosterChanged();
  return useMutation({
    mutationFn: (body: ExpertProfileInput) =>
      withIdempotencyKey('POST admin experts', body, (headers) => unwrap(adminApi.POST('/admin/v1/experts', { body, headers }))),
    retry: retryTransient,
    onSuccess: changed,
  });
}

export function useUpdateExpert(expertId: string) {
  const changed = useRosterChanged();
  return useMutation({
    mutationFn: (body: Partial<ExpertProfileInput>) => unwrap(adminApi.PATCH('/admin/v1/experts/{id}', { ...id(expertId), body })),
    onSuccess: changed,
  });
}

export function useSetExpertAvailability() {
  const changed = useRosterChanged();
  return useMutation({
    mutationFn: (input: { expertId: string; availability: Availability }) =>
      unwrap(adminApi.POST('/admin/v1/experts/{id}/availability', { ...id(input.expertId), body: { availability: input.availability } })),
    onSuccess: changed,
  });
}

export function useRetireExpert() {
  const changed = useRosterChanged();
  return useMutation({ mutationFn: (expertId: string) => unwrap(adminApi.POST('/admin/v1/experts/{id}/retire', id(expertId))), onSuccess: changed });
}

export function useInviteExpert(expertId: string) {
  const changed = useRosterChanged();
  return useMutation({
    mutationFn: (email: string) =>
      withIdempotencyKey(`POST admin experts/${expertId}/invitations`, email, (headers) =>
        unwrap(adminApi.POST('/admin/v1/experts/{id}/invitations', { ...id(expertId), body: { email }, headers })),
      ),
    retry: retryTransient,
    onSuccess: changed,
  });
}

// ------------------------------------------------------------------ accounts

/** Workspaces newest first; `search` (a workspace id or part of a name) narrows them. */
export function useWorkspaces(search = '') {
  return useInfiniteQuery({
    queryKey: [...opsKeys.workspaces, search],
    queryFn: ({ pageParam }) =>
      unwrap(
        adminApi.GET('/admin/v1/workspaces', {
          params: { query: { limit: 50, ...(search ? { q: search } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });
}

export function useAdminWorkspace(workspaceId: string) {
  return useQuery({
    queryKey: ['ops', 'workspace', workspaceId],
    queryFn: () => unwrap(adminApi.GET('/admin/v1/workspaces/{id}', id(workspaceId))),
    staleTime: 60_000,
  });
}

export function useAccount(workspaceId: string) {
  return useQuery({ queryKey: opsKeys.account(workspaceId), queryFn: () => unwrap(adminApi.GET('/admin/v1/workspaces/{id}/account', id(workspaceId))) });
}

export function usePlans() {
  return useQuery({ queryKey: opsKeys.plans, queryFn: () => unwrap(adminApi.GET('/admin/v1/plans')), staleTime: Infinity });
}

/** Grants and plan changes of a workspace, newest first: its audit log, the read model owners see. */
export function useAccountHistory(workspaceId: string) {
  return useQuery({
    queryKey: opsKeys.accountHistory(workspaceId),
    queryFn: async () => {
      const [grants, plans] = await Promise.all(
        (['credits.granted', 'plan.changed'] as const).map((action) =>
          unwrap(adminApi.GET('/admin/v1/workspaces/{id}/audit_log', { params: { path: { id: workspaceId }, query: { action, limit: 50 } } })),
        ),
      );
      return [...grants.data, ...plans.data].sort((a, b) => b.occurred_at.localeCompare(a.occurred_at));
    },
  });
}

export function useGrantCredits(workspaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { credits: number; note?: string; reference?: string }) =>
      withIdempotencyKey(`POST admin workspaces/${workspaceId}/account/credits`, body, (headers) =>
        unwrap(adminApi.POST('/admin/v1/workspaces/{id}/account/credits', { ...id(workspaceId), body, headers })),
      ),
    retry: retryTransient,
    onSuccess: (account) => {
      client.setQueryData(opsKeys.account(workspaceId), account);
      void client.invalidateQueries({ queryKey: opsKeys.accountHistory(workspaceId) });
    },
  });
}

export function useChangePlan(workspaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AccountPlan>) => unwrap(adminApi.PATCH('/admin/v1/workspaces/{id}/account/plan', { ...id(workspaceId), body })),
    onSuccess: (account) => {
      client.setQueryData(opsKeys.account(workspaceId), account);
      void client.invalidateQueries({ queryKey: opsKeys.accountHistory(workspaceId) });
    },
  });
}

export function useAdminLimitRequests(status: 'open' | 'granted' | 'declined' | 'all') {
  return useQuery({
    queryKey: [...opsKeys.limitRequests, status],
    queryFn: () => unwrap(adminApi.GET('/admin/v1/limit_requests', { params: { query: status === 'all' ? {} : { status } } })),
  });
}

export function useResolveLimitRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { requestId: string; outcome: 'granted' | 'declined'; note: string }) =>
      unwrap(
        adminApi.POST('/admin/v1/limit_requests/{id}/resolve', {
          ...id(input.requestId),
          body: { outcome: input.outcome, ...(input.note ? { note: input.note } : {}) },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.limitRequests }),
  });
}

// ------------------------------------------------------------------ operators

/** Operators invite new operators (a one-time link, shown once); a reset link for another operator is operations' credential's alone. */
export function useInviteOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name?: string }) =>
      withIdempotencyKey('POST admin operators/invitations', body, (headers) => unwrap(adminApi.POST('/admin/v1/operators/invitations', { body, headers }))),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.operators }),
  });
}

/** Every operator: invited, active or removed. */
export function useOperators() {
  return useQuery({ queryKey: opsKeys.operators, queryFn: () => unwrap(adminApi.GET('/admin/v1/operators')) });
}

/** Offboards an operator: their password stops working and every session ends at once. */
export function useRemoveOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operatorId: string) => unwrap(adminApi.DELETE('/admin/v1/operators/{id}', id(operatorId))),
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.operators }),
  });
}

// ------------------------------------------------------------------ dead letters, every workspace

export function useAdminDeadLetters(workspaceId: string) {
  return useInfiniteQuery({
    queryKey: [...opsKeys.deadLetters, workspaceId],
    queryFn: ({ pageParam }) =>
      unwrap(
        adminApi.GET('/admin/v1/webhook-deliveries', {
          params: {
            query: { status: 'dead_lettered', limit: 50, ...(workspaceId ? { workspace_id: workspaceId } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
  });
}

export function useAdminReplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      withIdempotencyKey('POST admin webhook-deliveries/replay', deliveryId, (headers) =>
        unwrap(adminApi.POST('/admin/v1/webhook-deliveries/{id}/replay', { ...id(deliveryId), headers })),
      ),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.deadLetters }),
  });
}

export function useAdminBulkReplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filter: { workspace_id?: string }) =>
      withIdempotencyKey('POST admin webhook-deliveries/replay-all', filter, (headers) =>
        unwrap(adminApi.POST('/admin/v1/webhook-deliveries/replay', { body: filter, headers })),
      ),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.deadLetters }),
  });
}
