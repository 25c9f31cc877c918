/**
 * The expert's notification settings and push subscriptions (`/expert/v1/notification-settings`,
 * `/expert/v1/push-subscriptions`). These endpoints are built beside this console and are not in
 * the generated expert document yet: the shapes below are the agreed contract, written by hand,
 * to be replaced by the generated types once the gateway documents them. A gateway without them
 * answers 404: the hooks then say "unavailable" (null) and the console hides what depends on them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toApiError } from './api-error';
import { queryClient } from './query-client';
import { sessionKey } from './client';
import type { Session } from './types';

export interface PushSubscriptionSummary {
  id: string;
  created_at: string;
  user_agent: string | null;
  last_sent_at: string | null;
  failing: boolean;
}

export interface NotificationSettings {
  email: { enabled: boolean; address: string | null; deliverable: boolean };
  push: { enabled: boolean; vapid_public_key: string | null; subscriptions: PushSubscriptionSummary[] };
  sound: boolean;
}

export type NotificationSettingsPatch = Partial<{ email_enabled: boolean; push_enabled: boolean; sound: boolean }>;

/** `PushSubscription.toJSON()` as the browser gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

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

const required = <T,>(answer: { status: number; data: T | null }, what: string): T => {
  if (answer.data === null) throw new Error(`${what}: this server does not offer notifications (404)`);
  return answer.data;
};

export const usePatchNotificationSettings = () =>
  useSettingsMutation(async (patch: NotificationSettingsPatch) => required(await call<NotificationSettings>('PATCH', '/expert/v1/notification-settings', patch), 'Not saved'));

/** Registers this browser's subscription (the same endpoint again is the same subscription), then rereads the settings. */
export function useAddPushSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionInput) => required(await call<PushSubscriptionSummary>('POST', '/expert/v1/push-subscriptions', subscription), 'Not subscribed'),
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationKeys.settings }),
  });
}

export const useRemovePushSubscription = () =>
  useSettingsMutation(async (id: string) => {
    await call<null>('DELETE', `/expert/v1/push-subscriptions/${encodeURIComponent(id)}`);
    return null;
  });
