/**
 * While the console is open but not looked at (another tab in front, the window minimised), a new
 * offer is announced outside the page: a system notification (when the expert allowed them), the
 * tab's title `(1) New offer · …` with the count of open offers until the tab is seen again, and a
 * short sound when the expert turned it on. A visible tab gets none of these: the card appears.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../api/client';
import { useNotificationSettings } from '../api/notifications';
import { keys, useOffers } from '../api/queries';
import { navigate } from '../app/router';
import { offerNoticeToShow, type ReadOffer } from './offer-notice-read';
import { playOfferSound, primeOfferSound } from './offer-sound';
import { consoleWorker } from './service-worker';
import { useSoundPreference } from './sound-preference';
import { markedTitle, unmarkedTitle } from './tab-title';

const hidden = (): boolean => document.visibilityState === 'hidden';

async function notify(deploymentId: string, expiresAt: string, readOffer: ReadOffer): Promise<void> {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const notice = await offerNoticeToShow(deploymentId, expiresAt, readOffer);
  if (!notice) return;
  const registration = await consoleWorker();
  if (registration) {
    // Through the worker: its click handler opens the console, and it offers Accept as a push does.
    await registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      requireInteraction: true,
      data: { kind: 'offer', deploymentId, path: '/offers' },
      // `actions` is missing from TypeScript's DOM types for page scripts; Chromium shows them.
      ...({ actions: [{ action: 'accept', title: 'Accept' }] } as object),
    });
    return;
  }
  const shown = new Notification(notice.title, { body: notice.body, tag: notice.tag });
  shown.onclick = () => {
    window.focus();
    navigate('/offers');
    shown.close();
  };
}

export function useOfferAlerts(): (deploymentId: string, expiresAt: string) => void {
  const client = useQueryClient();
  const settings = useNotificationSettings();
  const sound = useSoundPreference(settings.data ?? null);
  const openOffers = useOffers().data?.data.length ?? 0;
  const [unseen, setUnseen] = useState(false);
  const soundOn = useRef(sound.enabled);
  soundOn.current = sound.enabled;

  // The worker is registered as soon as an expert is in, so a notification can go through it.
  useEffect(() => void consoleWorker(), []);

  // Sound needs an earlier interaction with the page: the first one unlocks it.
  useEffect(() => {
    const prime = () => primeOfferSound();
    window.addEventListener('pointerdown', prime, { once: true });
    window.addEventListener('keydown', prime, { once: true });
    return () => {
      window.removeEventListener('pointerdown', prime);
      window.removeEventListener('keydown', prime);
    };
  }, []);

  // Seen again: the title goes back to the page's own.
  useEffect(() => {
    const seen = () => {
      if (hidden()) return;
      setUnseen(false);
      document.title = unmarkedTitle(document.title);
    };
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('focus', seen);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      window.removeEventListener('focus', seen);
    };
  }, []);

  // The count follows the open offers while unseen (one taken by then lowers it; none left clears it).
  useEffect(() => {
    if (unseen) document.title = markedTitle(document.title, openOffers);
  }, [unseen, openOffers]);

  return useCallback(
    (deploymentId: string, expiresAt: string) => {
      if (!deploymentId || !hidden()) return;
      setUnseen(true);
      if (soundOn.current) playOfferSound();
      // No retry by the query client: it would wait for focus (offer-notice-read.ts retries).
      const readOffer = (id: string) =>
        client.fetchQuery({
          queryKey: keys.deployment(id),
          queryFn: () => unwrap(api.GET('/expert/v1/deployments/{id}', { params: { path: { id } } })),
          staleTime: 0,
          retry: false,
        });
      void notify(deploymentId, expiresAt, readOffer).catch((error: unknown) => console.warn('could not show the offer notification', error));
    },
    [client],
  );
}
