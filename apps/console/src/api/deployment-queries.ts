import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, modeHeaders, publicApi, unwrap } from './client';
import { byId, dashKeys, nextPage } from './dashboard-keys';
import type { DeploymentStatus, Mode } from './dashboard-types';

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
  return useQuery({
    queryKey: dashKeys.deployment(mode, deploymentId),
    queryFn: () => unwrap(publicApi[mode].GET('/v1/deployments/{id}', byId(deploymentId))),
  });
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
    queryFn: () => unwrap(api.GET('/console/api/v1/deployments/{id}/routing', { ...byId(deploymentId), headers: modeHeaders(mode) })),
    refetchInterval: pending ? 3_000 : false,
  });
}

/** The agent's cancel (`POST /v1/deployments/:id/cancel`), from `pending` or `accepted`; held credits go back. */
export function useCancelDeployment(mode: Mode, deploymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => unwrap(publicApi[mode].POST('/v1/deployments/{id}/cancel', { ...byId(deploymentId), body: reason ? { reason } : {} })),
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
      unwrap(
        publicApi[mode].POST('/v1/deployments/{id}/feedback', {
          ...byId(deploymentId),
          body: input.comment ? { rating: input.rating, comment: input.comment } : { rating: input.rating },
        }),
      ),
    // The answer carries `feedback` but not `follow_ups` (GET /v1/deployments/:id only): the chain already shown is kept.
    onSuccess: (deployment) =>
      client.setQueryData(dashKeys.deployment(mode, deploymentId), (shown: typeof deployment | undefined) => ({
        ...deployment,
        ...(shown?.follow_ups ? { follow_ups: shown.follow_ups } : {}),
      })),
  });
}
