import { useState } from 'react';
import { describeError } from '../../api/api-error';
import {
  useAddPushSubscription,
  usePatchNotificationSettings,
  useRemovePushSubscription,
  type NotificationSettings,
  type PushSubscriptionSummary,
} from '../../api/notifications';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { When } from '../../common/When/When';
import { subscribeThisBrowser, unsubscribeThisBrowser } from '../../notify/push';
import { pushSupported } from '../../notify/service-worker';
import { deviceName } from './device-name';

/** The id the server gave this browser's subscription, to tell it apart in the list (kept on the device). */
const THIS_BROWSER = 'console:push-subscription-id';
const readThisBrowser = (): string | null => {
  try {
    return window.localStorage.getItem(THIS_BROWSER);
  } catch {
    return null;
  }
};

/** Push notifications: on and off, this browser subscribed, every subscribed browser listed and removable. */
export function PushSection({ settings }: { settings: NotificationSettings }) {
  const { push } = settings;
  const patch = usePatchNotificationSettings();
  const add = useAddPushSubscription();
  const remove = useRemovePushSubscription();
  const announce = useAnnounce();
  const [thisBrowser, setThisBrowser] = useState<string | null>(readThisBrowser);
  const [busy, setBusy] = useState(false);

  if (!push.vapid_public_key) {
    return (
      <section className="card settings-section" aria-labelledby="push-heading">
        <h2 id="push-heading">Push notifications</h2>
        <p className="muted">This server is not set up to send push notifications.</p>
      </section>
    );
  }
  const key = push.vapid_public_key;

  const enableHere = async () => {
    setBusy(true);
    try {
      const subscription = await subscribeThisBrowser(key);
      const added = await add.mutateAsync(subscription);
      try {
        window.localStorage.setItem(THIS_BROWSER, added.id);
      } catch {
        // Not kept: the list just does not mark this browser.
      }
      setThisBrowser(added.id);
      if (!push.enabled) await patch.mutateAsync({ push_enabled: true });
      announce('This browser will receive a notification for each new offer, even with the console closed.', 'success');
    } catch (error) {
      announce(`Push not turned on: ${error instanceof Error ? describeError(error) : String(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const removeOne = (subscription: PushSubscriptionSummary) =>
    remove.mutate(subscription.id, {
      onSuccess: () => {
        if (subscription.id === thisBrowser) {
          void unsubscribeThisBrowser();
          try {
            window.localStorage.removeItem(THIS_BROWSER);
          } catch {
            // nothing kept
          }
          setThisBrowser(null);
        }
        announce(`${deviceName(subscription.user_agent)} no longer receives push notifications.`);
      },
      onError: (error) => announce(`Not removed: ${describeError(error)}`, 'error'),
    });

  return (
    <section className="card settings-section" aria-labelledby="push-heading" data-testid="push-section">
      <h2 id="push-heading">Push notifications</h2>
      <p className="muted">A notification on your computer or phone for each new offer, even with the console closed, with an Accept button.</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={push.enabled}
          disabled={patch.isPending}
          onChange={(event) =>
            patch.mutate({ push_enabled: event.target.checked }, { onError: (error) => announce(`Not saved: ${describeError(error)}`, 'error') })
          }
        />
        <span>
          Send push notifications
          <span className="field__hint">To every browser listed below.</span>
        </span>
      </label>
      {pushSupported() ? (
        <p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void enableHere()}>
            {busy ? 'Turning on…' : 'Enable push on this browser'}
          </button>
        </p>
      ) : (
        <p className="muted">This browser cannot receive push notifications.</p>
      )}
      {push.subscriptions.length === 0 ? (
        <p className="muted">No browser receives push notifications yet.</p>
      ) : (
        <ul className="subscriptions" aria-label="Browsers receiving push notifications">
          {push.subscriptions.map((subscription) => (
            <li key={subscription.id} className="subscriptions__item">
              <div>
                <strong>{deviceName(subscription.user_agent)}</strong>
                {subscription.id === thisBrowser && <span className="tag"> this browser</span>}
                {subscription.failing && <span className="badge badge--tone-danger">Failing</span>}
                <br />
                <span className="muted">
                  Added <When iso={subscription.created_at} />
                  {subscription.last_sent_at ? (
                    <>
                      {' '}
                      · last sent <When iso={subscription.last_sent_at} />
                    </>
                  ) : (
                    ' · nothing sent yet'
                  )}
                </span>
              </div>
              <button type="button" className="button button--small" disabled={remove.isPending} onClick={() => removeOne(subscription)}>
                Remove<span className="visually-hidden"> {deviceName(subscription.user_agent)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
