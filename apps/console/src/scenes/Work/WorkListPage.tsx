import { useAssignments } from '../../api/queries';
import { Link } from '../../app/router';
import { plural } from '../../common/format';
import { Page } from '../../common/Page/Page';
import { SkillList } from '../../common/SkillList/SkillList';
import { EmptyState, QueryStates } from '../../common/States/States';
import { StatusBadge } from '../../common/StatusBadge/StatusBadge';
import { briefTitle } from '../../common/work-text';
import type { DeploymentStatus } from '../../api/types';

/** What this expert has accepted and not finished, most recently changed first. */
export function WorkListPage() {
  const active = useAssignments('active');
  const items = active.data?.data ?? [];
  return (
    <Page title="Work in hand" lead={<p>Deployments you accepted and have not finished. Finished work is in History.</p>}>
      <QueryStates query={active} what="your work" />
      {active.isSuccess && items.length === 0 && (
        <EmptyState title="Nothing in hand.">
          <p>
            Accept an offer on the <Link to="/offers">Offers</Link> page and it appears here until you publish or cancel it.
          </p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <>
          <p className="muted">{plural(items.length, 'deployment')} in hand.</p>
          <ul className="card-list" aria-label="Work in hand">
            {items.map((item) => (
              <li key={item.id}>
                <article className="card work-item">
                  <h2 className="card__title">
                    <Link to={`/work/${item.id}`}>{briefTitle(item.brief)}</Link>
                  </h2>
                  <p className="work-item__meta">
                    <StatusBadge status={item.status as DeploymentStatus} />
                  </p>
                  <SkillList skills={item.skills} />
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
