import { useRef, useState, type FormEvent } from 'react';
import { describeError, fieldError } from '../../api/api-error';
import type { AccountPlan } from '../../api/dashboard-types';
import { useChangePlan, usePlans } from '../../api/ops-queries';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmDialog } from '../../common/ConfirmButton/ConfirmDialog';
import { capText } from '../../common/plan-text';
import { Field } from '../../common/Field/Field';
import { plural } from '../../common/format';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

const n = (value: number) => value.toLocaleString();
const PLAN_LABELS = { name: 'Preset', cycle_cap_credits: 'Credits each cycle', cycle_days: 'Cycle length (days)', in_flight_limit: 'In-flight limit' } as const;

/** A change of one workspace's plan: a preset fills the fields, any of which can then be changed. */
export function PlanForm({ workspaceId, workspaceName, plan }: { workspaceId: string; workspaceName: string; plan: AccountPlan | null }) {
  const change = useChangePlan(workspaceId);
  const presets = usePlans();
  const announce = useAnnounce();
  const [name, setName] = useState(plan?.name ?? '');
  const [cap, setCap] = useState(String(plan?.cycle_cap_credits ?? ''));
  const [days, setDays] = useState(String(plan?.cycle_days ?? ''));
  const [limit, setLimit] = useState(String(plan?.in_flight_limit ?? ''));
  const pick = (preset: string) => {
    setName(preset);
    const found = presets.data?.data.find((candidate) => candidate.name === preset);
    if (found) {
      setCap(String(found.cycle_cap_credits));
      setDays(String(found.cycle_days));
      setLimit(String(found.in_flight_limit));
    }
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const body: Partial<AccountPlan> = {};
  if (name) body.name = name;
  if (cap.trim()) body.cycle_cap_credits = Number(cap);
  if (days.trim()) body.cycle_days = Number(days);
  if (limit.trim()) body.in_flight_limit = Number(limit);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dialog.current?.showModal();
  };
  const send = () => {
    change.mutate(body, {
      onSuccess: (account) =>
        announce(
          `Plan changed: ${account.plan?.name ?? ''}, ${n(account.plan?.cycle_cap_credits ?? 0)} credits a cycle, ${account.plan?.in_flight_limit ?? 0} in flight.`,
        ),
      onError: (failure) => announce(`Plan not changed: ${describeError(failure, PLAN_LABELS)}`, 'error'),
    });
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="plan-heading">
      <h2 id="plan-heading">Change the plan</h2>
      <Field label="Preset" hint="Fills the fields below; change any of them." error={fieldError(change.error, 'name', PLAN_LABELS)}>
        <select value={name} onChange={(event) => pick(event.target.value)}>
          {!name && <option value="">Choose…</option>}
          {presets.data?.data.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {preset.name}
            </option>
          ))}
          {name && !presets.data?.data.some((preset) => preset.name === name) && <option value={name}>{name}</option>}
        </select>
      </Field>
      <Field label="Credits each cycle" error={fieldError(change.error, 'cycle_cap_credits', PLAN_LABELS)}>
        <input type="number" min={0} step={1} value={cap} onChange={(event) => setCap(event.target.value)} />
      </Field>
      <Field label="Cycle length (days)" error={fieldError(change.error, 'cycle_days', PLAN_LABELS)}>
        <input type="number" min={0} step="any" value={days} onChange={(event) => setDays(event.target.value)} />
      </Field>
      <Field label="In-flight limit" error={fieldError(change.error, 'in_flight_limit', PLAN_LABELS)}>
        <input type="number" min={1} step={1} value={limit} onChange={(event) => setLimit(event.target.value)} />
      </Field>
      <SubmitButton busy={change.isPending} busyLabel="Saving…">
        Change the plan
      </SubmitButton>
      <ConfirmDialog dialog={dialog} title={`Change the plan of ${workspaceName}?`} confirmLabel="Change the plan" onConfirm={send} danger={false}>
        <p>
          From {plan ? `${plan.name}: ${capText(plan)}, ${plural(plan.cycle_days, 'day')} a cycle, ${plan.in_flight_limit} in flight` : 'the standard plan'} to{' '}
          {body.name ?? plan?.name ?? 'standard'}:{' '}
          {body.cycle_cap_credits !== undefined ? capText({ cycle_cap_credits: body.cycle_cap_credits }) : 'the cap unchanged'},{' '}
          {body.cycle_days !== undefined ? `${plural(body.cycle_days, 'day')} a cycle` : 'the cycle unchanged'},{' '}
          {body.in_flight_limit !== undefined ? `${body.in_flight_limit} in flight` : 'the in-flight limit unchanged'}. It applies at once.
        </p>
      </ConfirmDialog>
    </form>
  );
}
