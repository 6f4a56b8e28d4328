interface ReportPagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Prev, 'Page X of Y', Next (spec 2.16): Prev disabled on page 1, Next on the last. */
export function ReportPager({ page, pages, onPage }: ReportPagerProps) {
  return (
    <nav className="pager report-pager" aria-label="Pagination">
      <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      <span className="pager-caption">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
