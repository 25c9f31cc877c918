import { useState, type FormEvent } from 'react';
import { describeError, fieldError } from '../../api/api-error';
import { useInviteOperator, useOperators, useRemoveOperator } from '../../api/ops-queries';
import { useSession } from '../../api/queries';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { Field } from '../../common/Field/Field';
import { Page } from '../../common/Page/Page';
import { QueryStates } from '../../common/States/States';
import { DataTable } from '../../common/DataTable/DataTable';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';
import { InvitationLink } from '../../common/InvitationLink/InvitationLink';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Operators invite operators: a one-time link, shown here once, as the ops CLI's
 * `operator:invite` prints it. A new link for someone who already is an operator (their password
 * reset) is made by operations with the ops CLI or the admin credential, not here. The list shows
 * everyone; removing one signs them out everywhere and their password stops working.
 */
const OPERATOR_LABELS = { email: 'Email', name: 'Name' } as const;

export default function OperatorsPage() {
  const invite = useInviteOperator();
  const announce = useAnnounce();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ email?: string; name?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) return setErrors({ email: 'Enter their email address, e.g. sam@example.com.' });
    setErrors({});
    invite.mutate(
      { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (invitation) => {
          setEmail('');
          setName('');
          announce(`Invitation for ${invitation.email} made. Send them the link: it is shown only this once.`);
        },
        onError: (failure) => {
          setErrors({ email: fieldError(failure, 'email', OPERATOR_LABELS) ?? undefined, name: fieldError(failure, 'name', OPERATOR_LABELS) ?? undefined });
          announce(`Not invited: ${describeError(failure, OPERATOR_LABELS)}`, 'error');
        },
      },
    );
  };
  return (
    <Page title="Operators" lead={<p>The people who run the service: the roster, every workspace's account, limit requests and dead letters.</p>}>
      <section className="card" aria-labelledby="invite-operator-heading">
        <h2 id="invite-operator-heading">Invite an operator</h2>
        {invite.data ? (
          <InvitationLink invitation={invite.data} onDone={() => invite.reset()} />
        ) : (
          <>
            <p>
              They set a password from the link and sign in on the same page as everyone. A password reset for an operator is a new link from operations (
              <code>ops operator:invite</code>).
            </p>
            <form className="form form--inline" onSubmit={submit} noValidate>
              <Field label="Email" error={errors.email ?? null}>
                <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
              </Field>
              <Field label="Name (optional)" error={errors.name ?? null}>
                <input type="text" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" maxLength={200} />
              </Field>
              <SubmitButton busy={invite.isPending} busyLabel="Inviting…">
                Invite
              </SubmitButton>
            </form>
          </>
        )}
      </section>
      <OperatorList />
    </Page>
  );
}

const STATUS = { invited: 'Invited', active: 'Active', removed: 'Removed' } as const;

function OperatorList() {
  const operators = useOperators();
  const remove = useRemoveOperator();
  const announce = useAnnounce();
  const me = useSession().data?.principal.id;
  return (
    <>
      <h2>All operators</h2>
      <QueryStates query={operators} what="operators" />
      {operators.isSuccess && (
        <DataTable label="Operators" columns={['Name', 'Email', 'Status']} actions>
          {operators.data.data.map((operator) => (
            <tr key={operator.id} data-operator-id={operator.id}>
              <th scope="row">
                {operator.name}
                {operator.id === me && <span className="muted"> (you)</span>}
              </th>
              <td className="wrap">{operator.email}</td>
              <td>{STATUS[operator.status]}</td>
              <td className="actions-cell">
                {operator.status !== 'removed' && operator.id !== me && (
                  <ConfirmButton
                    label="Remove"
                    accessibleLabel={`Remove ${operator.name}`}
                    title={`Remove ${operator.name}?`}
                    confirmLabel="Remove"
                    small
                    disabled={remove.isPending}
                    onConfirm={() =>
                      remove.mutate(operator.id, {
                        onSuccess: () => announce(`${operator.name} removed: they are signed out and cannot sign in any more.`),
                        onError: (failure) => announce(`Not removed: ${describeError(failure)}`, 'error'),
                      })
                    }
                  >
                    <p>They are signed out everywhere at once and their password stops working. A new invitation brings them back.</p>
                  </ConfirmButton>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
