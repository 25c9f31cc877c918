import { describeError } from '../../api/api-error';
import { useSignOut, useSignOutEverywhere } from '../../api/queries';
import type { Session } from '../../api/types';
import { principalOf } from '../../api/dashboard-types';
import { navigate } from '../../app/router';
import { useAnnounce } from '../Announcer/Announcer';
import { ThemeSelect } from '../ThemeSelect/ThemeSelect';

/** Who is signed in, sign out here, sign out on every device. */
export function AccountMenu({ session }: { session: Session }) {
  const signOut = useSignOut();
  const everywhere = useSignOutEverywhere();
  const announce = useAnnounce();
  const busy = signOut.isPending || everywhere.isPending;
  const principal = principalOf(session);
  const role =
    principal.kind === 'member'
      ? `${principal.role === 'owner' ? 'Owner' : 'Developer'} of ${principal.workspace_name}`
      : principal.kind === 'operator'
        ? 'Operator'
        : null;
  const done = (text: string) => () => {
    navigate('/sign-in', { replace: true });
    announce(text);
  };
  const failed = (error: unknown) => announce(`Not signed out: ${describeError(error)}`, 'error');
  return (
    <details
      className="account"
      onKeyDown={(event) => {
        // Escape closes the menu and returns focus to its button, as a menu button would.
        if (event.key !== 'Escape' || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary>
        <span className="visually-hidden">Account: </span>
        {session.principal.name}
      </summary>
      <div className="account__panel">
        <p className="account__who">
          Signed in as <strong>{session.principal.name}</strong>
          <br />
          <span className="muted">{session.principal.email}</span>
          {role && (
            <>
              <br />
              <span className="muted">{role}</span>
            </>
          )}
        </p>
        <ThemeSelect />
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => signOut.mutate(undefined, { onSuccess: done('You are signed out.'), onError: failed })}
        >
          Sign out
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={() => everywhere.mutate(undefined, { onSuccess: done('You are signed out on every device.'), onError: failed })}
        >
          Sign out everywhere
        </button>
      </div>
    </details>
  );
}
