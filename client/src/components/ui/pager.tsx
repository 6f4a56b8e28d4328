import { pageCount, pageRange, pageWindow } from '@shared/domain/pagination';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The caption's wording differs by screen: 'Showing x-y of n' or 'Showing X - Y of N'. */
  caption?: (from: number, to: number, total: number) => string;
  previousLabel?: string;
}

/** First, previous, a window of up to 5 numbered pages with ellipses, next, last (spec 2.6, 2.9). */
export function Pager({ page, pageSize, total, onPage, caption, previousLabel = 'Previous' }: PagerProps) {
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  const text = caption ? caption(from, to, total) : `Showing ${from}-${to} of ${total}`;
  return (
    <nav className="pager" aria-label="Pagination">
      <span className="pager-caption">{text}</span>
      <div className="pager-buttons">
        <button type="button" className="btn btn-small" onClick={() => onPage(1)} disabled={page <= 1} aria-label="First page">
          «
        </button>
        <button type="button" className="btn btn-small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          {previousLabel}
        </button>
        {pageWindow(page, pages).map((token) =>
          typeof token === 'number' ? (
            <button
              key={token}
              type="button"
              className={`btn btn-small${token === page ? ' btn-primary' : ''}`}
              aria-current={token === page ? 'page' : undefined}
              onClick={() => onPage(token)}
            >
              {token}
            </button>
          ) : (
            <span key={token} className="pager-ellipsis" aria-hidden="true">
              …
            </span>
          ),
        )}
        <button type="button" className="btn btn-small" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next
        </button>
        <button type="button" className="btn btn-small" onClick={() => onPage(pages)} disabled={page >= pages} aria-label="Last page">
          »
        </button>
      </div>
    </nav>
  );
}
