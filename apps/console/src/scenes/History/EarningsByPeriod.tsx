import { useId, useState } from 'react';
import { useEarningsByPeriod } from '../../api/queries';
import { ErrorState, Loading } from '../../common/States/States';
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
      {periods.isPending && <Loading what="your credits by period" />}
      {periods.isError && <ErrorState what="your credits by period" error={periods.error} onRetry={() => void periods.refetch()} />}
      {periods.data && periods.data.data.length === 0 && <p className="muted">No completed work yet.</p>}
      {periods.data && periods.data.data.length > 0 && (
        <div className="table-scroll" role="region" aria-label={`Table of credits by ${period}`} tabIndex={0}>
          <table className="table period-table" data-testid="earnings-periods">
            <thead>
              <tr>
                <th scope="col">{period === 'week' ? 'Week starting' : 'Month'}</th>
                <th scope="col" className="numeric">
                  Completed
                </th>
                <th scope="col" className="numeric">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {periods.data.data.map((row) => (
                <tr key={row.start}>
                  <th scope="row">{periodName(row.start, period)}</th>
                  <td className="numeric">{row.completed_count.toLocaleString()}</td>
                  <td className="numeric">{row.credits_earned.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="numeric">{periods.data.total.completed_count.toLocaleString()}</td>
                <td className="numeric" data-testid="earnings-total">
                  {periods.data.total.credits_earned.toLocaleString()}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="muted period-note">Periods follow your time zone ({timeZone}); weeks start on Monday.</p>
    </section>
  );
}
