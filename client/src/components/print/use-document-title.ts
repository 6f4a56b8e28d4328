import { useEffect } from 'react';

/** The tab's title while a print page is open: it names the PDF a 'Save as PDF' makes. null: unchanged (still loading). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
