import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, publicApi, unwrap } from './client';
import { dashKeys, nextPage } from './dashboard-keys';
import { retryTransient, withIdempotencyKey } from './idempotency';
import type { Mode } from './dashboard-types';

export function useWorkspace() {
  return useQuery({ queryKey: dashKeys.workspace, queryFn: () => unwrap(api.GET('/console/api/v1/workspace')) });
}

export function useUsage(mode: Mode) {
  return useQuery({ queryKey: dashKeys.usage(mode), queryFn: () => unwrap(publicApi[mode].GET('/v1/usage')) });
}

export function useUsageHistory(mode: Mode, days: number) {
  return useQuery({
    queryKey: dashKeys.usageHistory(mode, days),
    queryFn: () => unwrap(publicApi[mode].GET('/v1/usage/history', { params: { query: { days } } })),
  });
}

export function useAuditLog(action: string) {
  return useInfiniteQuery({
    queryKey: [...dashKeys.auditLog, action],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/console/api/v1/audit_log', { params: { query: { limit: 50, ...(action ? { action } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } }),
      ),
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
    mutationFn: (body: { in_flight_limit: number; reason: string }) =>
      withIdempotencyKey('POST limit_requests', body, (headers) => unwrap(api.POST('/console/api/v1/limit_requests', { body, headers }))),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.limitRequests }),
  });
}
