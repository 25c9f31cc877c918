import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, modeHeaders, unwrap } from './client';
import { byId, dashKeys } from './dashboard-keys';
import { retryTransient, withIdempotencyKey } from './idempotency';
import type { Mode } from './dashboard-types';

export function useApiKeys(mode: Mode) {
  return useQuery({ queryKey: dashKeys.apiKeys(mode), queryFn: () => unwrap(api.GET('/console/api/v1/api_keys', { headers: modeHeaders(mode) })) });
}

export function useCreateApiKey(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      withIdempotencyKey(`${mode} POST api_keys`, name, (key) =>
        unwrap(api.POST('/console/api/v1/api_keys', { body: { name }, headers: { ...modeHeaders(mode), ...key } })),
      ),
    retry: retryTransient,
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.apiKeys(mode) }),
  });
}

export function useRevokeApiKey(mode: Mode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => unwrap(api.POST('/console/api/v1/api_keys/{id}/revoke', { ...byId(keyId), body: {}, headers: modeHeaders(mode) })),
    onSuccess: () => client.invalidateQueries({ queryKey: dashKeys.apiKeys(mode) }),
  });
}
