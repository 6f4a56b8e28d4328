import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useSearchParams } from 'react-router-dom';
import { usePreviewRoot } from './use-preview-root';
import { useDocumentTitle } from './use-document-title';
import './print.css';

export type PaperSize = 'a4' | '80mm';

/** The size a print page was opened with (`?size=80mm`), A4 otherwise. */
export function usePaperSize(): PaperSize {
  const [params] = useSearchParams();
  return params.get('size') === '80mm' ? '80mm' : 'a4';
}

interface PrintPageFrameProps<T> {
  /** undefined while read; null when this device does not hold it. */
  data: T | null | undefined;
  notFoundMessage: string;
  /** The tab's title (it names a 'Save as PDF'), once the data is there. */
  title: (data: T) => string;
  size: PaperSize;
  /** The same page in another size (the toolbar's A4 / 80 mm links). */
  pathFor: (size: PaperSize) => string;
  onBack: () => void;
  /** The document itself, drawn into the page's print root. */
  children: (data: T, size: PaperSize) => ReactNode;
}

/**
 * A document alone on a page, as every reprint route shows it: a toolbar that does not print (Back,
 * the sizes, Print) and the document in a print root, read from this device so it works offline.
 */
export function PrintPageFrame<T>({ data, notFoundMessage, title, size, pathFor, onBack, children }: PrintPageFrameProps<T>) {
  const root = usePreviewRoot();
  useDocumentTitle(data ? title(data) : null);
  return (
    <div className="print-page">
      <div className="print-toolbar">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back
        </button>
        <nav className="print-toolbar-docs" aria-label="Sizes">
          {(['a4', '80mm'] as const).map((choice) => (
            <Link key={choice} className="btn btn-small btn-secondary" to={pathFor(choice)} replace aria-current={choice === size ? 'page' : undefined}>
              {choice === 'a4' ? 'A4' : '80 mm'}
            </Link>
          ))}
        </nav>
        <button type="button" className="btn btn-primary" disabled={!data} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {data === undefined && <p className="print-page-message muted">Loading...</p>}
      {data === null && <p className="print-page-message muted">{notFoundMessage}</p>}
      {root && data && createPortal(children(data, size), root)}
    </div>
  );
}
