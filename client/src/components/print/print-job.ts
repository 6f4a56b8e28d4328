import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { closePrintRoot, openPrintRoot, printRootReady } from './print-root';

/** Spec 9: printing starts 100 ms after the content is prepared. */
export const printStartDelayMs = 100;
/** Spec 9: the bulk receipt prints about 120 ms after it is prepared. */
export const bulkReceiptPrintDelayMs = 120;
const afterPrintFallbackMs = 1000;

let waiting: (() => void) | null = null;

/**
 * One print job: renders the documents into a print root, waits for the logo and `delayMs`,
 * prints, and resolves after 'afterprint' (or a second after print() returns, where a browser never
 * fires it) with the root cleared.
 */
export async function printJob(documents: ReactNode, delayMs: number): Promise<void> {
  // A job whose dialog never reported back gives way to this one.
  waiting?.();
  const root = openPrintRoot('job');
  const react = createRoot(root);
  const clear = () => {
    react.unmount();
    closePrintRoot(root);
  };
  try {
    flushSync(() => react.render(documents));
    await printRootReady(root);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  } catch (error) {
    clear();
    throw error;
  }
  await new Promise<void>((resolve) => {
    let finished = false;
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      if (finished) return;
      finished = true;
      window.removeEventListener('afterprint', done);
      clearTimeout(fallback);
      if (waiting === done) waiting = null;
      clear();
      resolve();
    };
    waiting = done;
    window.addEventListener('afterprint', done);
    window.print();
    // Browsers print a copy taken when print() is called, and most fire 'afterprint' before it
    // returns; one that never does (headless Chromium) has its root cleared a moment later.
    if (!finished) fallback = setTimeout(done, afterPrintFallbackMs);
  });
}
