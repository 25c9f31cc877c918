import { useState, type FormEvent } from 'react';
import { ApiError, describeError, fieldError } from '../../api/api-error';
import { useChangeRole, useInviteMember, useMemberInvitations, useMembers, useRemoveMember, useRevokeMemberInvitation } from '../../api/team-queries';
import type { Member, Mode, Role } from '../../api/dashboard-types';
import { useSession } from '../../api/queries';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { Field } from '../../common/Field/Field';
import { When } from '../../common/When/When';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DataTable } from '../../common/DataTable/DataTable';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';
import { InvitationLink } from '../../common/InvitationLink/InvitationLink';

const ROLES: Record<Role, { label: string; can: string }> = {
  owner: { label: 'Owner', can: 'everything, including the team, the audit log and limit requests' },
  developer: { label: 'Developer', can: 'keys, webhooks, deployments and memory; not the team or the audit log' },
};

/** The roles as a select's options. */
function RoleOptions() {
  return (Object.keys(ROLES) as Role[]).map((role) => (
    <option key={role} value={role}>
      {ROLES[role].label}
    </option>
  ));
}

/** Who works in this workspace (owners only): invite, change a role, remove. Both modes share one team. */
const INVITE_LABELS = { email: 'Email', role: 'Role' } as const;

export default function TeamPage(_: { mode: Mode }) {
  const members = useMembers();
  const invitations = useMemberInvitations();
  const session = useSession();
  const me = session.data?.principal.id;
  return (
    <Page
      title="Team"
      lead={
        <p>
          People who sign in to this dashboard. Owners can do {ROLES.owner.can}; developers {ROLES.developer.can}.
        </p>
      }
    >
      <InviteForm />
      <h2>Members</h2>
      <QueryStates query={members} what="the team" />
      {members.isSuccess && (
        <DataTable label="Members" columns={['Name', 'Email', 'Role', 'Joined']} actions>
          {members.data.data.map((member) => (
            <MemberRow key={member.id} member={member} isMe={member.id === me} />
          ))}
        </DataTable>
      )}
      <h2>Open invitations</h2>
      <QueryStates query={invitations} what="invitations" />
      {invitations.isSuccess && invitations.data.data.length === 0 && (
        <EmptyState title="No open invitations.">
          <p>Invite someone above: they get a one-time link to set a password.</p>
        </EmptyState>
      )}
      {invitations.isSuccess && invitations.data.data.length > 0 && <Invitations />}
    </Page>
  );
}

function MemberRow({ member, isMe }: { member: Member; isMe: boolean }) {
  const change = useChangeRole();
  const remove = useRemoveMember();
  const announce = useAnnounce();
  const selectId = `role-${member.id}`;
  return (
    <tr data-member-id={member.id}>
      <th scope="row">
        {member.name}
        {isMe && <span className="muted"> (you)</span>}
      </th>
      <td className="wrap">{member.email}</td>
      <td>
        <label htmlFor={selectId} className="visually-hidden">
          Role of {member.name}
        </label>
        <select
          id={selectId}
          value={member.role}
          disabled={change.isPending}
          onChange={(event) => {
            const role = event.target.value as Role;
            change.mutate(
              { memberId: member.id, role },
              {
                onSuccess: () => announce(`${member.name} is now ${ROLES[role].label.toLowerCase()}.`),
                onError: (failure) =>
                  announce(
                    `Role not changed: ${failure instanceof ApiError && failure.code === 'last_owner' ? 'a workspace keeps at least one owner.' : describeError(failure)}`,
                    'error',
                  ),
              },
            );
          }}
        >
          <RoleOptions />
        </select>
      </td>
      <td>
        <When iso={member.joined_at} />
      </td>
      <td className="actions-cell">
        <ConfirmButton
          label="Remove"
          accessibleLabel={`Remove ${member.name}`}
          title={`Remove ${member.name} from the workspace?`}
          confirmLabel="Remove"
          small
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(member.id, {
              onSuccess: () => announce(`${member.name} removed: they are signed out and cannot sign in here any more.`),
              onError: (failure) =>
                announce(
                  `Not removed: ${failure instanceof ApiError && failure.code === 'last_owner' ? 'a workspace keeps at least one owner.' : describeError(failure)}`,
                  'error',
                ),
            })
          }
        >
          <p>They are signed out everywhere at once. Keys they made keep working: revoke those on the API keys page if needed.</p>
        </ConfirmButton>
      </td>
    </tr>
  );
}

function InviteForm() {
  const invite = useInviteMember();
  const announce = useAnnounce();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('developer');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError('Enter their email address, e.g. sam@example.com.');
    setError(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          setEmail('');
          announce(`Invitation for ${invitation.email} made. Send them the link: it is shown only this once.`);
        },
        onError: (failure) => {
          setError(fieldError(failure, 'email', INVITE_LABELS));
          announce(`Not invited: ${describeError(failure, INVITE_LABELS)}`, 'error');
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      {invite.data?.url ? (
        <InvitationLink invitation={invite.data} onDone={() => invite.reset()} />
      ) : (
        <form className="form form--inline" onSubmit={submit} noValidate>
          <Field label="Email" error={error}>
            <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
          </Field>
          <Field label="Role">
            <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
              <RoleOptions />
            </select>
          </Field>
          <SubmitButton busy={invite.isPending} busyLabel="Inviting…">
            Invite
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

function Invitations() {
  const invitations = useMemberInvitations();
  const revoke = useRevokeMemberInvitation();
  const announce = useAnnounce();
  return (
    <ul className="card-list" aria-label="Open invitations">
      {invitations.data?.data.map((invitation) => (
        <li key={invitation.id} className="card invitation-row">
          <span>
            <strong>{invitation.email}</strong> as {ROLES[invitation.role].label.toLowerCase()}{' '}
            <span className="muted small">
              · expires <When iso={invitation.expires_at} />
            </span>
          </span>
          <ConfirmButton
            label="Revoke"
            accessibleLabel={`Revoke the invitation for ${invitation.email}`}
            title={`Revoke the invitation for ${invitation.email}?`}
            confirmLabel="Revoke invitation"
            small
            disabled={revoke.isPending}
            onConfirm={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => announce(`Invitation for ${invitation.email} revoked: the link no longer works.`),
                onError: (failure) => announce(`Not revoked: ${describeError(failure)}`, 'error'),
              })
            }
          >
            <p>The link stops working at once.</p>
          </ConfirmButton>
        </li>
      ))}
    </ul>
  );
}
