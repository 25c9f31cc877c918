import { useState } from 'react';
import { useAnnounce } from '../../common/Announcer/Announcer';

type Permission = NotificationPermission | 'unsupported';

const current = (): Permission => ('Notification' in window ? Notification.permission : 'unsupported');

/** This browser's permission to show notifications: what it is, and a button to ask for it. */
export function BrowserNotifications() {
  const [permission, setPermission] = useState<Permission>(current);
  const announce = useAnnounce();
  const ask = async () => {
    const answer = await Notification.requestPermission();
    setPermission(answer);
    announce(
      answer === 'granted' ? 'This browser will show a notification for each new offer.' : 'Notifications were not allowed.',
      answer === 'granted' ? 'success' : 'error',
    );
  };
  return (
    <div className="settings-row" data-testid="browser-permission">
      {permission === 'granted' && <p>This browser shows a notification when an offer arrives while the console is in the background.</p>}
      {permission === 'default' && (
        <>
          <p>Allow this browser to show a notification when an offer arrives while the console is in the background.</p>
          <button type="button" className="button" onClick={() => void ask()}>
            Allow notifications
          </button>
        </>
      )}
      {permission === 'denied' && (
        <p className="settings-warning">Notifications are blocked for this site. Allow them in your browser’s site settings, then reload.</p>
      )}
      {permission === 'unsupported' && <p className="muted">This browser cannot show notifications.</p>}
    </div>
  );
}
