import { useId, useState } from 'react';
import { useEarningsByPeriod } from '../../api/queries';
import { DataTable } from '../../common/DataTable/DataTable';
import { QueryStates } from '../../common/States/States';
import { periodName, type Period } from './period-name';

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Credits earned per week or month (the expert chooses), newest first, with the total. */
export function EarningsByPeriod() {
  const [period, setPeriod] = useState<Period>('month');
  const [timeZone] = useState(browserTimeZone);
  const periods = useEarningsByPeriod(period, timeZone);
  const captionId = useId();
  const name = useId();
  return (
    <section className="card" aria-labelledby={captionId}>
      <div className="period-head">
        <h2 id={captionId}>Credits by {period}</h2>
        <fieldset className="segmented">
          <legend className="visually-hidden">Group by</legend>
          {(['week', 'month'] as const).map((option) => (
            <label key={option} className="segmented__option">
              <input type="radio" name={name} value={option} checked={period === option} onChange={() => setPeriod(option)} />
              <span>{option === 'week' ? 'Week' : 'Month'}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <QueryStates query={periods} what="your credits by period" />
      {periods.data && periods.data.data.length === 0 && <p className="muted">No completed work yet.</p>}
      {periods.data && periods.data.data.length > 0 && (
        <DataTable
          label={`Table of credits by ${period}`}
          caption={null}
          columns={[period === 'week' ? 'Week starting' : 'Month', { label: 'Completed', numeric: true }, { label: 'Credits', numeric: true }]}
          className="table period-table"
          testId="earnings-periods"
          footer={
            <tr>
              <th scope="row">Total</th>
              <td className="numeric">{periods.data.total.completed_count.toLocaleString()}</td>
              <td className="numeric" data-testid="earnings-total">
                {periods.data.total.credits_earned.toLocaleString()}
              </td>
            </tr>
          }
        >
          {periods.data.data.map((row) => (
            <tr key={row.start}>
              <th scope="row">{periodName(row.start, period)}</th>
              <td className="numeric">{row.completed_count.toLocaleString()}</td>
              <td className="numeric">{row.credits_earned.toLocaleString()}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="muted period-note">Periods follow your time zone ({timeZone}); weeks start on Monday.</p>
    </section>
  );
}
