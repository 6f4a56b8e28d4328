// A print root is a <div class="print-root"> at the end of <body>. While one exists the page prints
// only print roots (print.css hides everything else: no sidebar, top bar or toasts on paper).

const printingClass = 'printing-sale-documents';

export type PrintRootMode = 'job' | 'preview';

/** 'job': laid out off-screen for window.print(); 'preview': shown on screen (the reprint route). */
export function openPrintRoot(mode: PrintRootMode): HTMLElement {
  const root = document.createElement('div');
  root.className = `print-root print-root-${mode}`;
  if (mode === 'job') root.setAttribute('aria-hidden', 'true');
  document.body.append(root);
  document.documentElement.classList.add(printingClass);
  return root;
}

export function closePrintRoot(root: HTMLElement): void {
  root.remove();
  if (!document.querySelector('.print-root')) document.documentElement.classList.remove(printingClass);
}

/** Resolves once the root's images (the logo) are decoded and the fonts loaded, so the first print has them. */
export async function printRootReady(root: HTMLElement): Promise<void> {
  const images = [...root.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined));
  await Promise.all([...images, document.fonts?.ready]);
}
