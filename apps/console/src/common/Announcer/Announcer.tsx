/**
 * Every action says what happened: one message at a time, shown at the top of the page and read
 * out by screen readers (a polite status for outcomes, an alert for failures). The words say
 * whether it worked; colour and the icon only repeat it.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type NoticeKind = 'success' | 'info' | 'error';
interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}
type Announce = (text: string, kind?: NoticeKind) => void;

const AnnounceContext = createContext<Announce>(() => undefined);

export const useAnnounce = (): Announce => useContext(AnnounceContext);

const PREFIX: Record<NoticeKind, string> = { success: 'Done', info: 'Note', error: 'Error' };
const ICON: Record<NoticeKind, string> = { success: '✓', info: 'ℹ', error: '⚠' };

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const announce = useCallback<Announce>((text, kind = 'success') => setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, kind, text })), []);
  const value = useMemo(() => announce, [announce]);
  const shown = notice && (
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
