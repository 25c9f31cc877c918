/**
 * Every action says what happened: one message at a time, shown floating over the page and read
 * out by screen readers (a polite status for outcomes, an alert for failures). The words say
 * whether it worked; colour and the icon only repeat it. A `quiet` message is for screen readers
 * only: for a change the page already shows where it happens (a new offer's card).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type NoticeKind = 'success' | 'info' | 'error' | 'quiet';
interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}
type Announce = (text: string, kind?: NoticeKind) => void;

const AnnounceContext = createContext<Announce>(() => undefined);

export const useAnnounce = (): Announce => useContext(AnnounceContext);

const HIDE_AFTER_MS = 10_000;
const PREFIX: Record<NoticeKind, string> = { success: 'Done', info: 'Note', error: 'Error', quiet: 'Note' };
const ICON: Record<NoticeKind, string> = { success: '✓', info: 'ℹ', error: '⚠', quiet: 'ℹ' };

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const announce = useCallback<Announce>((text, kind = 'success') => setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, kind, text })), []);
  const value = useMemo(() => announce, [announce]);
  // Outcomes fade after a while; a failure stays until dismissed or replaced.
  useEffect(() => {
    if (!notice || notice.kind === 'error') return undefined;
    const timer = window.setTimeout(() => setNotice((current) => (current?.id === notice.id ? null : current)), HIDE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  let shown: ReactNode = null;
  if (notice?.kind === 'quiet') {
    shown = (
      <p key={notice.id} className="visually-hidden">
        {notice.text}
      </p>
    );
  } else if (notice) {
    shown = (
      <p key={notice.id} className={`notice notice--${notice.kind}`}>
        <span aria-hidden="true" className="notice__icon">
          {ICON[notice.kind]}
        </span>
        <span className="notice__prefix">{PREFIX[notice.kind]}:</span> {notice.text}
        <button type="button" className="notice__close" onClick={() => setNotice(null)} aria-label="Dismiss message">
          ×
        </button>
      </p>
    );
  }
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <div className="notices">
        <div role="status" aria-live="polite" aria-atomic="true">
          {notice?.kind !== 'error' && shown}
        </div>
        <div role="alert" aria-atomic="true">
          {notice?.kind === 'error' && shown}
        </div>
      </div>
    </AnnounceContext.Provider>
  );
}
