import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicApi, unwrap } from './client';
import { byId, dashKeys } from './dashboard-keys';
import { retryTransient, withIdempotencyKey } from './idempotency';
import type { EndpointInput, Mode, NewEndpointInput } from './dashboard-types';

export function useEndpoints(mode: Mode) {
  return useQuery({ queryKey: dashKeys.endpoints(mode), queryFn: () => unwrap(publicApi[mode].GET('/v1/webhook_endpoints')) });
}

export function useEndpoint(mode: Mode, endpointId: string) {
  return useQuery({
    queryKey: dashKeys.endpoint(mode, endpointId),
    queryFn: () => unwrap(publicApi[mode].GET('/v1/webhook_endpoints/{id}', byId(endpointId))),
    enabled: endpointId !== '',
  });
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
    mutationFn: (body: NewEndpointInput) =>
      withIdempotencyKey(`${mode} POST webhook_endpoints`, body, (headers) => unwrap(publicApi[mode].POST('/v1/webhook_endpoints', { body, headers }))),
    retry: retryTransient,
    onSuccess: changed,
  });
}

export function useUpdateEndpoint(mode: Mode, endpointId: string) {
  const changed = useEndpointsChanged(mode);
  return useMutation({
    mutationFn: (body: EndpointInput) => unwrap(publicApi[mode].POST('/v1/webhook_endpoints/{id}', { ...byId(endpointId), body })),
    onSuccess: changed,
  });
}

export function useDeleteEndpoint(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => unwrap(publicApi[mode].DELETE('/v1/webhook_endpoints/{id}', byId(endpointId))),
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
        unwrap(publicApi[mode].POST('/v1/webhook_endpoints/{id}/rotate_secret', { ...byId(endpointId), body: { overlap_seconds: overlapSeconds }, headers })),
      ),
    retry: retryTransient,
    onSuccess: changed,
  });
}

export function useSendTestEvent(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    // Each press is another test event (a new delivery): the key covers the press and its retries.
    mutationFn: (endpointId: string) =>
      withIdempotencyKey(`${mode} POST webhook_endpoints/test`, endpointId, (headers) =>
        unwrap(publicApi[mode].POST('/v1/webhook_endpoints/{id}/test', { ...byId(endpointId), body: {}, headers })),
      ),
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
      withIdempotencyKey(`${mode} POST webhook_signing_secret/rotate`, overlapSeconds, (headers) =>
        unwrap(publicApi[mode].POST('/v1/webhook_signing_secret/rotate', { body: { overlap_seconds: overlapSeconds }, headers })),
      ),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.signingSecret(mode) }),
  });
}
