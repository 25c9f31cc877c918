import { useState } from 'react';
import { describeError } from '../../api/api-error';
import { useNotificationSettings, usePatchNotificationSettings, type NotificationSettings } from '../../api/notifications';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Page } from '../../common/Page/Page';
import { QueryStates } from '../../common/States/States';
import { playOfferSound, primeOfferSound } from '../../notify/offer-sound';
import { useSoundPreference } from '../../notify/sound-preference';
import { BrowserNotifications } from './BrowserNotifications';
import { PushSection } from './PushSection';

/** How the expert hears of offers: this browser's notifications and sound, push to devices, e-mail. */
export function SettingsPage() {
  const settings = useNotificationSettings();
  return (
    <Page title="Settings" lead={<p>How you hear of a new offer when this page is not in front of you: an offer waits only a few minutes for your answer.</p>}>
      <QueryStates query={settings} what="your notification settings" />
      {settings.isSuccess && (
        <>
          <section className="card settings-section" aria-labelledby="browser-heading">
            <h2 id="browser-heading">While the console is open</h2>
            <p className="muted">When an offer arrives and this tab is in the background, the tab’s title shows how many offers are open.</p>
            <BrowserNotifications />
            <SoundSetting settings={settings.data} />
          </section>
          {settings.data ? (
            <>
              <PushSection settings={settings.data} />
              <EmailSection settings={settings.data} />
            </>
          ) : (
            <p className="muted" data-testid="notifications-unavailable">
              Push notifications and e-mail are not available on this server: keep the console open to hear of offers.
            </p>
          )}
        </>
      )}
    </Page>
  );
}

function SoundSetting({ settings }: { settings: NotificationSettings | null }) {
  const sound = useSoundPreference(settings);
  const announce = useAnnounce();
  // The box shows the click at once, in the same render as the click: the saved setting follows a
  // moment later (or goes back, with the error announced, if the server refuses it).
  const [pending, setPending] = useState<boolean | null>(null);
  const change = (enabled: boolean) => {
    setPending(enabled);
    sound
      .set(enabled)
      .then(
        () => {
          announce(enabled ? 'A sound will play for each new offer.' : 'New offers arrive silently.');
          if (enabled) {
            primeOfferSound();
            playOfferSound();
          }
        },
        (error: unknown) => announce(`Not saved: ${describeError(error)}`, 'error'),
      )
      .finally(() => setPending(null));
  };
  return (
    <div className="settings-row">
      <label className="checkbox">
        <input type="checkbox" checked={pending ?? sound.enabled} onChange={(event) => change(event.target.checked)} />
        <span>
          Play a sound for a new offer
          <span className="field__hint">
            {sound.keptOn === 'server' ? 'In every browser you are signed in to.' : 'On this device.'} A short chime; turning it on plays it once.
          </span>
        </span>
      </label>
    </div>
  );
}

function EmailSection({ settings }: { settings: NotificationSettings }) {
  const patch = usePatchNotificationSettings();
  const announce = useAnnounce();
  const { email } = settings;
  const change = (enabled: boolean) =>
    patch.mutate(
      { email_enabled: enabled },
      {
        onSuccess: () => announce(enabled ? 'Offers will be e-mailed to you.' : 'No more offer e-mails.'),
        onError: (error) => announce(`Not saved: ${describeError(error)}`, 'error'),
      },
    );
  return (
    <section className="card settings-section" aria-labelledby="email-heading">
      <h2 id="email-heading">E-mail</h2>
      <label className="checkbox">
        <input type="checkbox" checked={email.enabled} disabled={patch.isPending} onChange={(event) => change(event.target.checked)} />
        <span>
          E-mail me each new offer
          <span className="field__hint">
            {email.address ? (
              <>
                Sent to <strong>{email.address}</strong>.
              </>
            ) : (
              'No address is on file for you: ask operations to add one.'
            )}
          </span>
        </span>
      </label>
      {email.enabled && !email.deliverable && (
        <p className="settings-warning" role="note">
          E-mail cannot be sent at the moment {email.address ? '(this server has no mail service set up)' : '(no address)'}: you will not receive offer e-mails
          until this is fixed.
        </p>
      )}
    </section>
  );
}
