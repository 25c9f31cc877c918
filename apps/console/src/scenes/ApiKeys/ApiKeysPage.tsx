import { useState, type FormEvent } from 'react';
import { describeError, fieldError } from '../../api/api-error';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/api-key-queries';
import type { ApiKey, Mode } from '../../api/dashboard-types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { Field } from '../../common/Field/Field';
import { formatDateTime } from '../../common/format';
import { When } from '../../common/When/When';
import { Page } from '../../common/Page/Page';
import { SecretReveal } from '../../common/SecretReveal/SecretReveal';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DataTable } from '../../common/DataTable/DataTable';

/** The workspace's keys for this mode: create one (shown once), see when each was last used, revoke. */
const KEY_LABELS = { name: 'Key name' } as const;

export default function ApiKeysPage({ mode }: { mode: Mode }) {
  const keys = useApiKeys(mode);
  const create = useCreateApiKey(mode);
  const items = keys.data?.data ?? [];
  const active = items.filter((key) => !key.revoked_at);
  const revoked = items.filter((key) => key.revoked_at);
  return (
    <Page
      title="API keys"
      lead={
        <p>
          Your agents authenticate with these: <code>Authorization: Bearer svc_{mode}_…</code>. A {mode} key sees only {mode} data.
        </p>
      }
    >
      {create.data?.key ? (
        <SecretReveal title={`Your new ${mode} key “${create.data.name}”`} value={create.data.key} what="the key" onDone={() => create.reset()} />
      ) : (
        <CreateKeyForm mode={mode} create={create} />
      )}
      <h2>Keys</h2>
      <QueryStates query={keys} what="the keys" />
      {keys.isSuccess && items.length === 0 && (
        <EmptyState title={`No ${mode} keys yet.`}>
          <p>Create one above and give it to your agent; it is shown only once.</p>
        </EmptyState>
      )}
      {active.length > 0 && <KeyTable caption="Active keys" items={active} mode={mode} />}
      {revoked.length > 0 && (
        <details className="revoked-keys">
          <summary>Revoked keys ({revoked.length})</summary>
          <KeyTable caption="Revoked keys" items={revoked} mode={mode} />
        </details>
      )}
    </Page>
  );
}

function CreateKeyForm({ mode, create }: { mode: Mode; create: ReturnType<typeof useCreateApiKey> }) {
  const announce = useAnnounce();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Name the key after what uses it, e.g. “Production agent”.');
    if (trimmed.length > 100) return setError('At most 100 characters.');
    setError(null);
    create.mutate(trimmed, {
      onSuccess: (key) => {
        setName('');
        announce(`Key “${key.name}” created. Copy it now: it is shown only this once.`);
      },
      onError: (failure) => {
        setError(fieldError(failure, 'name', KEY_LABELS));
        announce(`Key not created: ${describeError(failure, KEY_LABELS)}`, 'error');
      },
    });
  };
  return (
    <form className="card form form--inline" onSubmit={submit} noValidate aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create a {mode} key</h2>
      <Field label="Key name" hint="What uses it, so you know what breaks when you revoke it." error={error}>
        <input type="text" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      </Field>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : `Create ${mode} key`}
        </button>
      </div>
    </form>
  );
}

function KeyTable({ caption, items, mode }: { caption: string; items: ApiKey[]; mode: Mode }) {
  const revoke = useRevokeApiKey(mode);
  const announce = useAnnounce();
  return (
    <DataTable label={caption} columns={['Name', 'Key', 'Created', 'Last used']} actions>
      {items.map((key) => (
        <tr key={key.id} data-key-id={key.id}>
          <th scope="row">{key.name}</th>
          <td>
            <code>
              {key.prefix}…{key.last4}
            </code>
          </td>
          <td>
            <When iso={key.created_at} />
          </td>
          <td>{key.last_used_at ? formatDateTime(key.last_used_at) : <span className="muted">Never</span>}</td>
          <td className="actions-cell">
            {key.revoked_at ? (
              <span className="muted">
                Revoked <When iso={key.revoked_at} />
              </span>
            ) : (
              <ConfirmButton
                label="Revoke"
                accessibleLabel={`Revoke the key ${key.name}`}
                title={`Revoke the key “${key.name}”?`}
                confirmLabel="Revoke the key"
                small
                disabled={revoke.isPending}
                onConfirm={() =>
                  revoke.mutate(key.id, {
                    onSuccess: () => announce(`Key “${key.name}” revoked: requests with it are refused from now on.`),
                    onError: (failure) => announce(`Key not revoked: ${describeError(failure)}`, 'error'),
                  })
                }
              >
                <p>
                  Every request with{' '}
                  <code>
                    {key.prefix}…{key.last4}
                  </code>{' '}
                  is refused from now on. This cannot be undone: whatever uses it needs a new key.
                </p>
              </ConfirmButton>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
