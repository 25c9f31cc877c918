import { useState } from 'react';
import { useNow } from '../../common/Countdown/use-now';
import { Field } from '../../common/Field/Field';
import { formatDuration } from '../../common/format';
import { chargeError, workFigures } from './work-figures';

interface TimeAndChargeProps {
  startedAt: string | null | undefined;
  durationSeconds: number | null;
  credits: number | null;
  rate: number | undefined;
  cap: number;
  onChange: (patch: { durationSeconds?: number | null; credits?: number | null }) => void;
}

/** A number field that lets the person clear it while typing, and commits whole numbers only. */
function useNumberText(value: number, commit: (value: number) => void) {
  const [text, setText] = useState<string | null>(null);
  return {
    value: text ?? String(value),
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      const parsed = Number(event.target.value);
      if (event.target.value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0) commit(Math.round(parsed));
    },
    onBlur: () => setText(null),
  };
}

/** Time worked (tracked from start, editable) and the charge (proposed, capped, editable). */
export function TimeAndCharge({ startedAt, durationSeconds, credits, rate, cap, onChange }: TimeAndChargeProps) {
  const now = useNow();
  const figures = workFigures({ startedAt, durationSeconds, credits, rate, cap, now });
  const minutes = useNumberText(Math.floor(figures.durationSeconds / 60), (value) => onChange({ durationSeconds: value * 60 }));
  const charge = useNumberText(figures.credits, (value) => onChange({ credits: value }));
  const error = chargeError(figures.credits, cap);
  return (
    <fieldset className="figures">
      <legend>Time and charge</legend>
      <div className="figures__row">
        <Field
          label="Time worked (minutes)"
          hint={
            durationSeconds === null
              ? `Tracked since you started: ${formatDuration(figures.trackedSeconds)}. Change it if that is not right.`
              : `You set this. Tracked since you started: ${formatDuration(figures.trackedSeconds)}.`
          }
        >
          <input type="number" inputMode="numeric" min={0} step={1} {...minutes} />
        </Field>
        {durationSeconds !== null && (
          <button type="button" className="button button--small button--quiet" onClick={() => onChange({ durationSeconds: null })}>
            Use tracked time
          </button>
        )}
      </div>
      <div className="figures__row">
        <Field
          label="Charge (credits)"
          hint={`At most ${cap} credits, the amount the workspace reserved. ${
            rate === undefined ? 'Proposed: the cap.' : `Proposed from your rate (${rate} credits an hour) and the time worked: ${figures.proposedCredits}.`
          }`}
          error={error}
        >
          <input type="number" inputMode="numeric" min={0} max={cap} step={1} {...charge} />
        </Field>
        {credits !== null && (
          <button type="button" className="button button--small button--quiet" onClick={() => onChange({ credits: null })}>
            Use proposed charge
          </button>
        )}
      </div>
      <p className="cap-note">
        Cap: <strong>{cap} credits</strong>, the most this work can be charged.
      </p>
    </fieldset>
  );
}
