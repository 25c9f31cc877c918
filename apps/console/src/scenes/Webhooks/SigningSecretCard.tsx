import { describeError } from '../../api/api-error';
import { useRevealSigningSecret, useRotateSigningSecret, useSigningSecret } from '../../api/webhook-endpoint-queries';
import type { Mode } from '../../api/dashboard-types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { formatDateTime } from '../../common/format';
import { When } from '../../common/When/When';
import { SecretReveal } from '../../common/SecretReveal/SecretReveal';
import { QueryStates } from '../../common/States/States';
import { RotateSecretControl } from './RotateSecretControl';

/** The workspace's own secret (contract §3): it signs deliveries to a deployment's `webhook_url`. */
export function SigningSecretCard({ mode }: { mode: Mode }) {
  const secret = useSigningSecret(mode);
  const reveal = useRevealSigningSecret(mode);
  const rotate = useRotateSigningSecret(mode);
  const announce = useAnnounce();
  const shown = reveal.data?.secret ?? rotate.data?.secret ?? null;
  const current = secret.data?.secrets[0];
  return (
    <section className="card" aria-labelledby="signing-secret-heading">
      <h2 id="signing-secret-heading">Signing secret for webhook_url</h2>
      <p>
        A deployment created with <code>webhook_url</code> is delivered there, signed with this {mode} secret, with no endpoint needed. Endpoints above have
        secrets of their own.
      </p>
      <QueryStates query={secret} what="the signing secret" />
      {shown && (
        <SecretReveal
          title={`The ${mode} signing secret for webhook_url`}
          value={shown}
          what="the signing secret"
          onDone={() => {
            reveal.reset();
            rotate.reset();
          }}
        />
      )}
      {secret.isSuccess && !shown && (
        <>
          <ul className="secret-list">
            {secret.data.secrets.map((s) => (
              <li key={s.created_at}>
                Created <When iso={s.created_at} />
                {s.expires_at ? ` · stops signing ${formatDateTime(s.expires_at)}` : ' · current'}
                {s.revealed ? ' · revealed' : ' · never revealed'}
              </li>
            ))}
          </ul>
          <div className="actions">
            {current && !current.revealed && (
              <button
                type="button"
                className="button"
                disabled={reveal.isPending}
                onClick={() =>
                  reveal.mutate(undefined, {
                    onSuccess: () => announce('Signing secret revealed. Copy it now: it is shown only this once.'),
                    onError: (failure) => announce(`Not revealed: ${describeError(failure)}`, 'error'),
                  })
                }
              >
                Reveal the secret (once)
              </button>
            )}
            <RotateSecretControl
              id="signing-overlap"
              title="Rotate the signing secret?"
              rotate={rotate}
              explain={(overlap) =>
                `A new secret signs every delivery from now on. ${overlap > 0 ? 'The old one keeps signing beside it for the overlap you chose, so receivers can switch.' : 'The old one stops at once.'}`
              }
            />
          </div>
        </>
      )}
    </section>
  );
}
