import { useEffect, useRef, type RefObject } from 'react';

// Open layers (modals, panels), innermost last: Escape and Tab belong to the top one only (the item
// form's category dialog must not take the item form with it).
const layers: symbol[] = [];

const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusable)].filter((element) => element.offsetParent !== null || element === document.activeElement);
}

/**
 * Makes `ref` a focus layer while mounted: focus moves into it (unless something in it took focus
 * already, as an autoFocus field does), Tab and Shift+Tab cycle inside it, Escape calls `onClose`,
 * and on close focus returns to what had it before (the button that opened it).
 */
export function useFocusLayer(ref: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  // Read while rendering, before an autoFocus field inside the layer takes focus at commit.
  const openedFrom = useRef<Element | null | undefined>(undefined);
  if (openedFrom.current === undefined) openedFrom.current = document.activeElement;

  useEffect(() => {
    const me = Symbol('layer');
    const opener = openedFrom.current instanceof HTMLElement ? openedFrom.current : null;
    layers.push(me);
    const container = ref.current;
    if (container && !container.contains(document.activeElement)) (focusableIn(container)[0] ?? container).focus();

    const onKey = (event: KeyboardEvent) => {
      if (layers.at(-1) !== me || !ref.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (event.key === 'Tab') {
        const items = focusableIn(ref.current);
        if (items.length === 0) return event.preventDefault();
        const first = items[0]!;
        const last = items.at(-1)!;
        const inside = ref.current.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(me), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref]);
}
