/**
 * Whether a new offer rings: the expert's `sound` setting on the server, or, where the server has
 * no notification settings, a choice kept on this device (off until turned on).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { usePatchNotificationSettings, type NotificationSettings } from '../api/notifications';

const KEY = 'console:offer-sound';
const CHANGED = 'console:offer-sound-changed';

const readLocal = (): boolean => {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
};

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export interface SoundPreference {
  enabled: boolean;
  /** Where the choice is kept: the server's settings or only this device. */
  keptOn: 'server' | 'device';
  set(enabled: boolean): Promise<void>;
}

export function useSoundPreference(settings: NotificationSettings | null): SoundPreference {
  const local = useSyncExternalStore(subscribe, readLocal);
  const patch = usePatchNotificationSettings();
  const { mutateAsync } = patch;
  const set = useCallback(
    async (enabled: boolean) => {
      if (settings) {
        await mutateAsync({ sound: enabled });
        return;
      }
      try {
        window.localStorage.setItem(KEY, enabled ? 'on' : 'off');
      } catch {
        // Storage refused (private mode): the choice lasts until the page closes.
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [settings, mutateAsync],
  );
  return settings ? { enabled: settings.sound, keptOn: 'server', set } : { enabled: local, keptOn: 'device', set };
}
