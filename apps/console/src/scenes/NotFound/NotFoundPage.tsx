import type { PrincipalKind } from '../../app/routes';
import { HOME } from '../../app/routes';
import { Link } from '../../app/router';
import { Page } from '../../common/Page/Page';
import { EmptyState } from '../../common/States/States';

const HOME_TEXT: Record<PrincipalKind, string> = { expert: 'See your offers', member: 'Go to the overview', operator: 'Go to the roster' };

export function NotFoundPage({ kind = 'expert' }: { kind?: PrincipalKind }) {
  return (
    <Page title="Page not found">
      <EmptyState title="There is nothing at this address.">
        {kind === 'expert' ? (
          <p>
            <Link to="/offers">See your offers</Link> or <Link to="/work">your work</Link>.
          </p>
        ) : (
          <p>
            <Link to={HOME[kind]}>{HOME_TEXT[kind]}</Link>.
          </p>
        )}
      </EmptyState>
    </Page>
  );
}
