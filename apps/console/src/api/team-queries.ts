import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { byId, dashKeys } from './dashboard-keys';
import { retryTransient, withIdempotencyKey } from './idempotency';
import type { Role } from './dashboard-types';

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
    mutationFn: (body: { email: string; role: Role }) =>
      withIdempotencyKey('POST members/invitations', body, (headers) => unwrap(api.POST('/console/api/v1/members/invitations', { body, headers }))),
    retry: retryTransient,
    onSuccess: changed,
  });
}

export function useRevokeMemberInvitation() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(api.DELETE('/console/api/v1/members/invitations/{id}', byId(invitationId))),
    onSuccess: changed,
  });
}

export function useChangeRole() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (input: { memberId: string; role: Role }) =>
      unwrap(api.POST('/console/api/v1/members/{id}', { ...byId(input.memberId), body: { role: input.role } })),
    onSuccess: changed,
  });
}

export function useRemoveMember() {
  const changed = useTeamChanged();
  return useMutation({ mutationFn: (memberId: string) => unwrap(api.DELETE('/console/api/v1/members/{id}', byId(memberId))), onSuccess: changed });
}
