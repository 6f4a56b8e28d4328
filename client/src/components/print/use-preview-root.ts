import { useEffect, useState } from 'react';
import { closePrintRoot, openPrintRoot } from './print-root';

/** A print root shown on screen for as long as the page is open (the reprint routes). */
export function usePreviewRoot(): HTMLElement | null {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = openPrintRoot('preview');
    setRoot(element);
    return () => closePrintRoot(element);
  }, []);
  return root;
}
