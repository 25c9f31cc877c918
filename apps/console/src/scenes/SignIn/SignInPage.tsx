import { useState, type FormEvent } from 'react';
import { ApiError, describeError } from '../../api/api-error';
import { useSignIn } from '../../api/queries';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Field } from '../../common/Field/Field';
import { Page } from '../../common/Page/Page';

/** Email and password; the form stays uncontrolled by the server (it holds what the person types). */
export function SignInPage() {
  const signIn = useSignIn();
  const announce = useAnnounce();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password }, { onSuccess: (session) => announce(`Signed in as ${session.principal.name}.`) });
  };

  return (
    <Page
      title="Sign in"
      lead={
        <p>
          One sign-in for everyone: experts see their offers and work, workspace members their dashboard, operators the operations pages. No account yet? Ask
          for an invitation link.
        </p>
      }
    >
      <form className="card form" onSubmit={submit} noValidate>
        {signIn.isError && (
          <p className="form__error" role="alert">
            <span aria-hidden="true">⚠ </span>
            {signIn.error instanceof ApiError && signIn.error.status === 401
              ? 'That email and password do not match. Check both and try again.'
              : describeError(signIn.error, { email: 'Email', password: 'Password' })}
          </p>
        )}
        <Field label="Email">
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <div className="password-field">
          <Field label="Password" id="sign-in-password">
            <input
              type={shown ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          {/* Named by its words, not a label: it says what it does to the field beside it, and stays a button. */}
          <button
            type="button"
            className="button password-field__toggle"
            aria-pressed={shown}
            aria-controls="sign-in-password"
            onClick={() => setShown((now) => !now)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> the password</span>
          </button>
        </div>
        <button type="submit" className="button button--primary" disabled={signIn.isPending || !email || !password}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </Page>
  );
}
