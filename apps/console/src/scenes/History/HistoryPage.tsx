import { Fact } from '../../common/Fact/Fact';
import { useEarnings } from '../../api/queries';
import type { Earnings } from '../../api/types';
import { Link } from '../../app/router';
import { formatDuration, plural } from '../../common/format';
import { When } from '../../common/When/When';
import { EarningsByPeriod } from './EarningsByPeriod';
import { ExportCsv } from './ExportCsv';
import { Feedback, Stars } from './Stars';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';

type Finished = Earnings['data'];

/** Finished work and the credits it earned. */
export function HistoryPage() {
  const earnings = useEarnings();
  return (
    <Page title="History" lead={<p>Work you published, newest first, with the credits each one earned and the agent's rating.</p>}>
      <QueryStates query={earnings} what="your history" />
      {earnings.isSuccess && (
        <>
          <dl className="totals">
            <Fact label="Completed">{plural(earnings.data.completed_count, 'deployment')}</Fact>
            <Fact label="Credits earned">{earnings.data.credits_earned.toLocaleString()}</Fact>
            <Fact label="Agents' rating" data-testid="rating-mean">
              {earnings.data.ratings.mean === null ? (
                <span className="muted">No ratings yet</span>
              ) : (
                <>
                  <Stars rating={earnings.data.ratings.mean} /> <span className="totals__unit">from {plural(earnings.data.ratings.count, 'rating')}</span>
                </>
              )}
            </Fact>
          </dl>
          <EarningsByPeriod />
          {earnings.data.data.length === 0 ? (
            <EmptyState title="No finished work yet.">
              <p>
                When you publish an output it is listed here with its charge. See <Link to="/offers">your offers</Link>.
              </p>
            </EmptyState>
          ) : (
            <>
              {/* A phone gets one card per piece of work, a wider screen the table: CSS displays one of them. */}
              <HistoryCards items={earnings.data.data} />
              <HistoryTable items={earnings.data.data} />
            </>
          )}
          <ExportCsv />
        </>
      )}
    </Page>
  );
}

function HistoryCards({ items }: { items: Finished }) {
  return (
    <ul className="history-cards card-list" aria-label="Finished work">
      {items.map((item) => (
        <li key={item.deployment_id} className="card">
          <Link to={`/work/${item.deployment_id}`}>{item.brief_excerpt}</Link>
          <dl className="history-cards__facts">
            <Fact label="Finished">
              <When iso={item.completed_at} />
            </Fact>
            <Fact label="Time worked">{formatDuration(item.duration_seconds)}</Fact>
            <Fact label="Credits">{item.credits_charged.toLocaleString()}</Fact>
            <Fact label="Rating">
              <Feedback feedback={item.feedback} />
            </Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function HistoryTable({ items }: { items: Finished }) {
  return (
    <div className="table-scroll history-table" role="region" aria-labelledby="history-caption" tabIndex={0}>
      <table className="table">
        <caption id="history-caption">Finished work</caption>
        <thead>
          <tr>
            <th scope="col">Finished</th>
            <th scope="col">Brief</th>
            <th scope="col" className="numeric">
              Time worked
            </th>
            <th scope="col" className="numeric">
              Credits
            </th>
            <th scope="col">Rating</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.deployment_id}>
              <td>
                <When iso={item.completed_at} />
              </td>
              <td>
                <Link to={`/work/${item.deployment_id}`}>{item.brief_excerpt}</Link>
              </td>
              <td className="numeric">{formatDuration(item.duration_seconds)}</td>
              <td className="numeric">{item.credits_charged.toLocaleString()}</td>
              <td>
                <Feedback feedback={item.feedback} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
