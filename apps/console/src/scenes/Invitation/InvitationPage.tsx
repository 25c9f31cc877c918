import { useState, type FormEvent } from 'react';
import { fieldError, formError } from '../../api/api-error';
import { useAcceptInvitation, useInvitation } from '../../api/queries';
import { navigate } from '../../app/router';
import { HOME } from '../../app/routes';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';
import { When } from '../../common/When/When';
import { RecordPageStates } from '../../common/States/RecordPageStates';
import { Page } from '../../common/Page/Page';
import { EmptyState } from '../../common/States/States';

const MIN_LENGTH = 12;
const MAX_LENGTH = 200;

/** The one-time link from operations: choose a password, and you are signed in. */
const INVITATION_LABELS = { name: 'Your name', password: 'New password' } as const;

export function InvitationPage({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const announce = useAnnounce();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [name, setName] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);

  const tooShort = password.length < MIN_LENGTH ? `Use at least ${MIN_LENGTH} characters (${password.length} so far).` : null;
  const tooLong = password.length > MAX_LENGTH ? `Use at most ${MAX_LENGTH} characters.` : null;
  const mismatch = repeat !== password ? 'The two passwords differ.' : null;
  const serverError = fieldError(accept.error, 'password', INVITATION_LABELS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (tooShort || tooLong || mismatch) return;
    const kind = invitation.data?.kind ?? 'expert';
    const chosenName = name?.trim();
    accept.mutate(kind !== 'expert' && chosenName ? { password, name: chosenName } : { password }, {
      onSuccess: (session) => {
        navigate(HOME[kind], { replace: true });
        announce(`Password set. Welcome, ${session.principal.name}: you are signed in.`);
      },
    });
  };

  if (!invitation.isSuccess) {
    return (
      <RecordPageStates
        query={invitation}
        title="Set your password"
        what="your invitation"
        notFound={
          <EmptyState title="This invitation link does not work any more.">
            <p>It was used already, it expired, or it was mistyped. Ask operations for a new invitation; if you already set a password, sign in.</p>
            <p>
              <a className="button" href={`${import.meta.env.BASE_URL}sign-in`}>
                Go to sign in
              </a>
            </p>
          </EmptyState>
        }
      />
    );
  }

  const { kind, email, expires_at, workspace_name: workspaceName, role } = invitation.data;
  const what =
    kind === 'member'
      ? `You are invited to the workspace ${workspaceName ?? ''} as ${role === 'owner' ? 'an owner' : 'a developer'}.`
      : kind === 'operator'
        ? 'You are invited to operate the service.'
        : '';
  return (
    <Page
      title="Set your password"
      lead={
        <p>
          Welcome, {invitation.data.name}. {what} You will sign in as <strong>{email}</strong>. This link works once, until <When iso={expires_at} />.
        </p>
      }
    >
      <form className="card form" onSubmit={submit} noValidate>
        {formError(accept.error, INVITATION_LABELS) && (
          <p className="form__error" role="alert">
            <span aria-hidden="true">⚠ </span>
            {formError(accept.error, INVITATION_LABELS)}
          </p>
        )}
        {/* A hidden username lets password managers save the pair. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {kind !== 'expert' && (
          <Field label="Your name" hint="Shown to your team and in the audit log." error={fieldError(accept.error, 'name', INVITATION_LABELS)}>
            <input
              type="text"
              name="name"
              autoComplete="name"
              maxLength={200}
              value={name ?? invitation.data.name}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
        )}
        <Field
          label="New password"
          hint={`${MIN_LENGTH} to ${MAX_LENGTH} characters. A few unrelated words make a good one.`}
          error={(checked && (tooShort ?? tooLong)) || serverError}
        >
          <input
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={MIN_LENGTH}
            maxLength={MAX_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field label="Repeat the password" error={checked ? mismatch : null}>
          <input
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
        </Field>
        <button type="submit" className="button button--primary" disabled={accept.isPending}>
          {accept.isPending ? 'Setting your password…' : 'Set password and sign in'}
        </button>
      </form>
    </Page>
  );
}
