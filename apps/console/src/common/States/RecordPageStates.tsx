import type { ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { Page } from '../Page/Page';
import { ErrorState, Loading } from './States';

interface RecordQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface RecordPageStatesProps {
  query: RecordQuery;
  title: string;
  /** What is loading, as the loading and failed states say it ("the expert"). */
  what: string;
  above?: ReactNode;
  /** Said when the record does not exist (404), in the page's own words and with a way on. */
  notFound: ReactNode;
}

/** A page about one record while it has none to show: still loading, not found, or failed to load. */
export function RecordPageStates({ query, title, what, above, notFound }: RecordPageStatesProps) {
  const missing = query.error instanceof ApiError && query.error.status === 404;
  let body: ReactNode = <ErrorState what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) body = <Loading what={what} />;
  else if (missing) body = notFound;
  return (
    <Page title={title} above={above}>
      {body}
    </Page>
  );
}
