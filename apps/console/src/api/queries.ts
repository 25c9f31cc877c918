/** Every read and write the console makes, as TanStack Query hooks over the typed client. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toApiError } from './api-error';
import { api, sessionKey, unwrap } from './client';
import type { Availability, DraftInput, ExpertDeployment, PublishInput, Session } from './types';

export const keys = {
  session: sessionKey,
  invitation: (token: string) => ['invitation', token] as const,
  me: ['me'] as const,
  offers: ['offers'] as const,
  /** Under `offers`: whatever refetches the open offers (an offer ended, an answer given) refetches these too. */
  missedOffers: ['offers', 'missed'] as const,
  assignments: (status: 'active' | 'all') => ['assignments', status] as const,
  deployment: (id: string) => ['deployment', id] as const,
  draft: (id: string) => ['draft', id] as const,
  earnings: ['earnings'] as const,
  /** Under `earnings`: whatever refetches the earnings refetches the periods too. */
  earningsByPeriod: (period: 'week' | 'month', timeZone: string) => ['earnings', 'periods', period, timeZone] as const,
};

// ------------------------------------------------------------------ session

/** The signed-in session, or null when there is none (a 401 is an answer here, not an error). */
export function useSession() {
  return useQuery({
    queryKey: keys.session,
    queryFn: async (): Promise<Session | null> => {
      const { data, error, response } = await api.GET('/console/api/v1/session');
      if (response.status === 401) return null;
      if (!response.ok || !data) throw toApiError(response, error);
      return data;
    },
    staleTime: 5 * 60_000,
  });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: keys.invitation(token),
    queryFn: () => unwrap(api.GET('/console/api/v1/invitations/{token}', { params: { path: { token } } })),
    staleTime: Infinity,
  });
}

/** A new session replaces whatever the cache knew about the previous one. */
function useStartSession() {
  const client = useQueryClient();
  return (session: Session) => {
    // Whatever an earlier session left in the cache is not this person's.
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'invitation' });
    client.setQueryData(keys.session, session);
  };
}

export function useAcceptInvitation(token: string) {
  const start = useStartSession();
  return useMutation({
    // Experts' invitations refuse a name (docs/console-contract.md); members and operators may give one.
    mutationFn: (input: { password: string; name?: string }) =>
      unwrap(
        api.POST('/console/api/v1/invitations/{token}/accept', {
          params: { path: { token } },
          body: input.name ? { password: input.password, name: input.name } : { password: input.password },
        }),
      ),
    onSuccess: start,
  });
}

export function useSignIn() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap(api.POST('/console/api/v1/sessions', { body })),
    onSuccess: start,
  });
}

function useEndSession() {
  const client = useQueryClient();
  return () => {
    client.clear();
    client.setQueryData(keys.session, null);
  };
}

export function useSignOut() {
  const end = useEndSession();
  return useMutation({ mutationFn: () => unwrap(api.DELETE('/console/api/v1/session')), onSuccess: end });
}

export function useSignOutEverywhere() {
  const end = useEndSession();
  return useMutation({ mutationFn: () => unwrap(api.POST('/console/api/v1/sessions/revoke-all')), onSuccess: end });
}

// ------------------------------------------------------------------ the expert

export function useMe() {
  return useQuery({ queryKey: keys.me, queryFn: () => unwrap(api.GET('/expert/v1/me')) });
}

export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) => unwrap(api.POST('/expert/v1/availability', { body: { availability } })),
    onSuccess: (me) => client.setQueryData(keys.me, me),
  });
}

// ------------------------------------------------------------------ offers and work

export function useOffers() {
  return useQuery({ queryKey: keys.offers, queryFn: () => unwrap(api.GET('/expert/v1/offers')) });
}

export function useMissedOffers() {
  return useQuery({ queryKey: keys.missedOffers, queryFn: () => unwrap(api.GET('/expert/v1/offers/missed')) });
}

export function useAssignments(status: 'active' | 'all') {
  return useQuery({ queryKey: keys.assignments(status), queryFn: () => unwrap(api.GET('/expert/v1/assignments', { params: { query: { status } } })) });
}

export function useDeployment(id: string) {
  return useQuery({ queryKey: keys.deployment(id), queryFn: () => unwrap(api.GET('/expert/v1/deployments/{id}', { params: { path: { id } } })) });
}

export function useEarnings() {
  return useQuery({ queryKey: keys.earnings, queryFn: () => unwrap(api.GET('/expert/v1/earnings')) });
}

/** Credits per week or month, cut in the browser's time zone. */
export function useEarningsByPeriod(period: 'week' | 'month', timeZone: string) {
  return useQuery({
    queryKey: keys.earningsByPeriod(period, timeZone),
    queryFn: () => unwrap(api.GET('/expert/v1/earnings/periods', { params: { query: { period, time_zone: timeZone } } })),
    placeholderData: (previous) => previous,
  });
}

/** After an action the answer is the deployment as the expert now sees it; lists that hold it are refetched. */
function useDeploymentAction<Input>(id: string, run: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (view) => {
      client.setQueryData(keys.deployment(id), (previous: ExpertDeployment | undefined) =>
        previous ? { ...previous, ...(view as Partial<ExpertDeployment>) } : previous,
      );
      void client.invalidateQueries({ queryKey: keys.deployment(id) });
      void client.invalidateQueries({ queryKey: keys.offers });
      void client.invalidateQueries({ queryKey: ['assignments'] });
      void client.invalidateQueries({ queryKey: keys.earnings });
    },
  });
}

const path = (id: string) => ({ params: { path: { id } } });

export const useAccept = (id: string) => useDeploymentAction(id, () => unwrap(api.POST('/expert/v1/deployments/{id}/accept', path(id))));
export const useDecline = (id: string) =>
  useDeploymentAction(id, (reason: string) => unwrap(api.POST('/expert/v1/deployments/{id}/decline', { ...path(id), body: reason ? { reason } : {} })));
export const useStart = (id: string) => useDeploymentAction(id, () => unwrap(api.POST('/expert/v1/deployments/{id}/start', path(id))));
export const useAsk = (id: string) =>
  useDeploymentAction(id, (question: string) => unwrap(api.POST('/expert/v1/deployments/{id}/ask', { ...path(id), body: { question } })));
export const usePublish = (id: string) =>
  useDeploymentAction(id, (body: PublishInput) => unwrap(api.POST('/expert/v1/deployments/{id}/publish', { ...path(id), body })));
export const useCancel = (id: string) =>
  useDeploymentAction(id, (input: { reason: string; partialBody?: string }) =>
    unwrap(
      api.POST('/expert/v1/deployments/{id}/cancel', {
        ...path(id),
        body: { reason: input.reason, ...(input.partialBody ? { partial_body: input.partialBody } : {}) },
      }),
    ),
  );

// ------------------------------------------------------------------ the draft and attachments

export function useDraft(id: string, enabled: boolean) {
  return useQuery({ queryKey: keys.draft(id), queryFn: () => unwrap(api.GET('/expert/v1/deployments/{id}/draft', path(id))), enabled, staleTime: Infinity });
}

export function useSaveDraft(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: DraftInput) => unwrap(api.PUT('/expert/v1/deployments/{id}/draft', { ...path(id), body: draft })),
    onSuccess: (saved) => client.setQueryData(keys.draft(id), saved),
  });
}

export function useUploadAttachment(deploymentId: string) {
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(
        api.POST('/expert/v1/attachments', {
          params: { query: { deployment_id: deploymentId, filename: file.name } },
          body: file,
          // The raw file is the body (the document types it `*/*`), sent as is.
          bodySerializer: (body: unknown) => body,
          headers: { 'content-type': file.type || 'application/octet-stream' },
        }),
      ),
  });
}
