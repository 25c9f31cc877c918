import { useState, type FormEvent } from 'react';
import { fieldError, formError } from '../../api/api-error';
import type { AdminExpert, ExpertProfileInput } from '../../api/dashboard-types';
import { Field, FormError } from '../../common/Field/Field';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

interface ExpertProfileFormProps {
  expert?: AdminExpert;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (profile: ExpertProfileInput) => void;
  onCancel?: () => void;
}

const SKILL_TAG = /^[a-z0-9][a-z0-9+#._-]{0,63}$/;

/** The roster entry's fields (docs/decisions.md "Router"); the server's refusal shows by its field. */
/** The form's fields by the API parameter each sends. */
export const EXPERT_LABELS = {
  name: 'Name',
  role: 'Role',
  skills: 'Skills',
  tenure_years: 'Tenure (years)',
  median_turnaround_minutes: 'Median turnaround (minutes)',
  rate_credits_per_hour: 'Rate (credits per hour)',
} as const;

export function ExpertProfileForm({ expert, busy, error, submitLabel, onSubmit, onCancel }: ExpertProfileFormProps) {
  const [name, setName] = useState(expert?.name ?? '');
  const [role, setRole] = useState(expert?.role ?? '');
  const [skills, setSkills] = useState(expert?.skills.join(', ') ?? '');
  const [tenure, setTenure] = useState(String(expert?.tenure_years ?? 5));
  const [turnaround, setTurnaround] = useState(String(expert?.median_turnaround_minutes ?? 60));
  const [rate, setRate] = useState(String(expert?.rate_credits_per_hour ?? 90));
  const [checked, setChecked] = useState(false);
  const tags = skills
    .split(/[,\s]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);
  const serverError = (param: string) => fieldError(error, param, EXPERT_LABELS);
  const otherError = formError(error, EXPERT_LABELS);
  const whole = (value: string, min: number, max: number) =>
    Number.isInteger(Number(value)) && value.trim() !== '' && Number(value) >= min && Number(value) <= max
      ? null
      : `A whole number from ${min} to ${max.toLocaleString()}.`;
  const errors = {
    name: !name.trim() ? 'Enter the expert’s name.' : null,
    role: !role.trim() ? 'Enter their role, e.g. Copywriter.' : null,
    skills:
      tags.length === 0 ? 'At least one skill tag.' : tags.find((tag) => !SKILL_TAG.test(tag)) ? 'Lower-case tags like copywriting, seo, ux-research.' : null,
    tenure_years: whole(tenure, 0, 80),
    median_turnaround_minutes: whole(turnaround, 1, 10_080),
    rate_credits_per_hour: whole(rate, 0, 100_000),
  };
  const shown = (field: keyof typeof errors) => (checked && errors[field]) || serverError(field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean)) return;
    onSubmit({
      name: name.trim(),
      role: role.trim(),
      skills: tags,
      tenure_years: Number(tenure),
      median_turnaround_minutes: Number(turnaround),
      rate_credits_per_hour: Number(rate),
    });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <Field label="Name" error={shown('name')}>
          <input type="text" maxLength={200} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        </Field>
        <Field label="Role" error={shown('role')}>
          <input type="text" maxLength={200} value={role} onChange={(event) => setRole(event.target.value)} autoComplete="off" />
        </Field>
        <Field label="Skills" hint="Comma-separated tags, as agents request them." error={shown('skills')}>
          <input type="text" value={skills} onChange={(event) => setSkills(event.target.value)} autoComplete="off" />
        </Field>
        <Field label="Tenure (years)" error={shown('tenure_years')}>
          <input type="number" min={0} max={80} step={1} value={tenure} onChange={(event) => setTenure(event.target.value)} />
        </Field>
        <Field label="Median turnaround (minutes)" error={shown('median_turnaround_minutes')}>
          <input type="number" min={1} max={10_080} step={1} value={turnaround} onChange={(event) => setTurnaround(event.target.value)} />
        </Field>
        <Field label="Rate (credits per hour)" error={shown('rate_credits_per_hour')}>
          <input type="number" min={0} max={100_000} step={1} value={rate} onChange={(event) => setRate(event.target.value)} />
        </Field>
      </div>
      <FormError message={otherError} />
      <SubmitButton busy={busy} busyLabel="Saving…" onCancel={onCancel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
