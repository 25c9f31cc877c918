import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicApi, unwrap } from './client';
import { byId, dashKeys, nextPage } from './dashboard-keys';
import { retryTransient, withIdempotencyKey } from './idempotency';
import type { DeliveriesQuery, Mode, ReplayFilter } from './dashboard-types';

export type DeliveryFilters = Omit<DeliveriesQuery, 'limit' | 'cursor'>;

/** Deliveries change by themselves (attempts, retries, dead letters): the log looks again every few seconds, faster while any shown is still being tried. */
export function useDeliveryList(mode: Mode, filters: DeliveryFilters) {
  return useInfiniteQuery({
    queryKey: [...dashKeys.deliveries(mode), filters],
    queryFn: ({ pageParam }) =>
      unwrap(publicApi[mode].GET('/v1/webhook_deliveries', { params: { query: { limit: 25, ...filters, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some((d) => d.status === 'scheduled' || d.status === 'retrying')) ? 1_000 : 5_000,
  });
}

export function useDelivery(mode: Mode, deliveryId: string) {
  return useQuery({
    queryKey: dashKeys.delivery(mode, deliveryId),
    queryFn: () => unwrap(publicApi[mode].GET('/v1/webhook_deliveries/{id}', byId(deliveryId))),
    // A delivery still being retried changes by itself: keep it fresh while it is open.
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'scheduled' || query.state.data.status === 'retrying') ? 2_000 : false),
  });
}

/** A new attempt of one delivery (`replay`: a fresh delivery; `retry_now`: a scheduled retry made due at once, 409 when none is scheduled); the log and the delivery are read again. */
function useDeliveryAction(mode: Mode, action: 'replay' | 'retry_now') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      withIdempotencyKey(`${mode} POST webhook_deliveries/${action}`, deliveryId, (headers) =>
        unwrap(publicApi[mode].POST(`/v1/webhook_deliveries/{id}/${action}`, { ...byId(deliveryId), body: {}, headers })),
      ),
    retry: retryTransient,
    onSuccess: (delivery) => {
      void client.invalidateQueries({ queryKey: dashKeys.delivery(mode, delivery.id) });
      void client.invalidateQueries({ queryKey: dashKeys.deliveries(mode) });
    },
  });
}

export function useReplayDelivery(mode: Mode) {
  return useDeliveryAction(mode, 'replay');
}

export function useRetryDeliveryNow(mode: Mode) {
  return useDeliveryAction(mode, 'retry_now');
}

export function useBulkReplay(mode: Mode) {
  return useMutation({
    mutationFn: (filter: ReplayFilter) =>
      withIdempotencyKey(`${mode} POST webhook_deliveries/replay-all`, filter, (headers) =>
        unwrap(publicApi[mode].POST('/v1/webhook_deliveries/replay', { body: filter, headers })),
      ),
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
      const job = await unwrap(publicApi[mode].GET('/v1/webhook_replays/{id}', byId(jobId ?? '')));
      void client.invalidateQueries({ queryKey: dashKeys.deliveries(mode) });
      return job;
    },
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : 500),
  });
}
