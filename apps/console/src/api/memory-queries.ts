import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { publicApi, unwrap } from './client';
import { dashKeys, nextPage } from './dashboard-keys';
import type { MemoryKind, Mode } from './dashboard-types';

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
