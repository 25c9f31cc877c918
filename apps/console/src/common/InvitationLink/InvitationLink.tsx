import type { ReactNode } from 'react';
import { CopyButton } from '../CopyButton/CopyButton';
import { When } from '../When/When';

interface ShownInvitation {
  email: string;
  url: string;
  expires_at: string;
}

/**
 * An invitation link the server shows once, with a copy button, until the person says Done.
 * `whom`: who gets it, in the warning ("them", or their address where no title names it).
 */
export function InvitationLink({
  invitation,
  titled = true,
  whom = 'them',
  onDone,
}: {
  invitation: ShownInvitation;
  titled?: boolean;
  whom?: ReactNode;
  onDone: () => void;
}) {
  return (
    <div className="secret" role="group" aria-label="Invitation link">
      {titled && <p className="secret__title">Invitation link for {invitation.email}</p>}
      <p className="secret__warning">
        <span aria-hidden="true">⚠ </span>
        <strong>
          Send {titled ? 'it' : 'this link'} to {whom} now: it is shown only this once
        </strong>{' '}
        and works once, until <When iso={invitation.expires_at} />.
      </p>
      <div className="secret__row">
        <code className="secret__value">{invitation.url}</code>
        <CopyButton value={invitation.url} label="Copy the invitation link" />
      </div>
      <button type="button" className="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
