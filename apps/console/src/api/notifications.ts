/**
 * The expert's notification settings and push subscriptions (`/expert/v1/notification-settings`,
 * `/expert/v1/push-subscriptions`), typed by the generated expert document. Called with fetch
 * rather than the typed client so that a gateway without them (an older one: 404) is an answer,
 * not an error: the hooks then say "unavailable" (null) and the console hides what depends on them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toApiError } from './api-error';
import type { Expert } from './generated/console-api';
import { queryClient } from './query-client';
import { sessionKey } from './client';
import type { Session } from './types';

type JsonBody<Operation> = Operation extends { requestBody?: infer Body }
  ? NonNullable<Body> extends { content: { 'application/json': infer Json } }
    ? Json
    : never
  : never;

export type NotificationSettings = Expert.components['schemas']['NotificationSettings'];
export type PushSubscriptionSummary = Expert.components['schemas']['PushSubscription'];
export type NotificationSettingsPatch = JsonBody<Expert.operations['changeNotificationSettings']>;
/** `PushSubscription.toJSON()` as the browser gives it. */
export type PushSubscriptionInput = JsonBody<Expert.operations['subscribeToPush']>;

export const notificationKeys = { settings: ['notification-settings'] as const };

/** A same-origin JSON call with the session cookie and, on a change, the session's CSRF token. */
async function call<T>(method: 'GET' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; data: T | null }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const csrf = queryClient.getQueryData<Session | null>(sessionKey)?.csrf_token;
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
  const response = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 401) queryClient.setQueryData(sessionKey, null);
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!response.ok && response.status !== 404) throw toApiError(response, parsed);
  return { status: response.status, data: response.ok ? (parsed as T) : null };
}

/** The settings, or null when this gateway has no notification settings (404). */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: async (): Promise<NotificationSettings | null> => (await call<NotificationSettings>('GET', '/expert/v1/notification-settings')).data,
    staleTime: 60_000,
  });
}

function useSettingsMutation<Input>(run: (input: Input) => Promise<NotificationSettings | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (settings) => {
      if (settings) client.setQueryData(notificationKeys.settings, settings);
      else void client.invalidateQueries({ queryKey: notificationKeys.settings });
    },
  });
}

const required = <T>(answer: { status: number; data: T | null }, what: string): T => {
  if (answer.data === null) throw new Error(`${what}: this server does not offer notifications (404)`);
  return answer.data;
};

/** A switch moves at once (the cache is patched before the answer) and moves back if the change is refused. */
export function usePatchNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: NotificationSettingsPatch) =>
      required(await call<NotificationSettings>('PATCH', '/expert/v1/notification-settings', patch), 'Not saved'),
    onMutate: (patch) => {
      const before = client.getQueryData<NotificationSettings | null>(notificationKeys.settings);
      if (before) {
        client.setQueryData<NotificationSettings>(notificationKeys.settings, {
          ...before,
          sound: patch.sound ?? before.sound,
          email: { ...before.email, enabled: patch.email_enabled ?? before.email.enabled },
          push: { ...before.push, enabled: patch.push_enabled ?? before.push.enabled },
        });
      }
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) client.setQueryData(notificationKeys.settings, context.before);
    },
    onSuccess: (settings) => client.setQueryData(notificationKeys.settings, settings),
  });
}

/** Registers this browser's subscription (the same endpoint again is the same subscription), then rereads the settings. */
export function useAddPushSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionInput) =>
      required(await call<PushSubscriptionSummary>('POST', '/expert/v1/push-subscriptions', subscription), 'Not subscribed'),
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationKeys.settings }),
  });
}

export const useRemovePushSubscription = () =>
  useSettingsMutation(async (id: string) => {
    await call<null>('DELETE', `/expert/v1/push-subscriptions/${encodeURIComponent(id)}`);
    return null;
  });
