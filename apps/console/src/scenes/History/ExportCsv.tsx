import { useState } from 'react';
import { Field } from '../../common/Field/Field';
import { exportHref } from './export-range';

/** Downloads completed work as CSV, optionally between two days (UTC days, as the file's times are). */
export function ExportCsv() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const target = exportHref(from, to);
  return (
    <section className="card export-card" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <p className="muted">
        Your completed work as a CSV file for a spreadsheet: one row per deployment with its date, skills, credits, time worked, rating and brief. Leave the
        days empty for everything.
      </p>
      <div className="filters__row">
        <Field label="From (UTC day)">
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </Field>
        <Field label="To (UTC day, included)" error={'error' in target ? target.error : null}>
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </Field>
        <div className="actions">
          {'href' in target ? (
            <a className="button button--primary" href={target.href} download>
              Export CSV
            </a>
          ) : (
            <span className="button button--primary button--disabled" aria-disabled="true">
              Export CSV
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
