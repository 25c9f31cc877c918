import { Link } from '../../app/router';
import { Page } from '../../common/Page/Page';
import { EmptyState } from '../../common/States/States';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <EmptyState title="There is nothing at this address.">
        <p>
          <Link to="/offers">See your offers</Link> or <Link to="/work">your work</Link>.
        </p>
      </EmptyState>
    </Page>
  );
}
