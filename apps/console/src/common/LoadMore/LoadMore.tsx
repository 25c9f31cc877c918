interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** "deliveries" */
  what: string;
}

/** Cursor pages: one button that fetches the next, and says when there are no more. */
export function LoadMore({ hasMore, loading, onMore, what }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <p className="load-more">
      <button type="button" className="button" onClick={onMore} disabled={loading}>
        {loading ? `Loading more ${what}…` : `Show more ${what}`}
      </button>
    </p>
  );
}
