import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import type { ProductRow } from '../api/find-product';
import { minSuggestLength, resolveEnter, suggestionsFor } from '../api/typed-match';

export const searchDebounceMs = 300;

interface BarcodeInputProps {
  onProduct: (product: ProductRow) => void;
  onNotFound: () => void;
  /** Several items match the text and none was highlighted: the text stays, its suggestions open. */
  onSeveral: (text: string) => void;
}

const noSuggestions = { for: '', rows: [] as ProductRow[] };

/**
 * The barcode-or-name input (spec 2.8, Reading B). A keyboard-wedge scanner types the code about
 * 8 ms a key and presses Enter: Enter takes the text as it is at that moment and clears the input
 * at once, so the next scan starts clean; lookups run one after another in arrival order, so a
 * burst of scans lands in order. What Enter adds is decided from that text by the same rule as the
 * suggestions (api/typed-match.ts), so it never depends on whether they had come yet. Typing shows
 * suggestions 300 ms after the last key.
 */
export function BarcodeInput({ onProduct, onNotFound, onSeveral }: BarcodeInputProps) {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState(noSuggestions);
  const [highlighted, setHighlighted] = useState(-1);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  /** Text Enter put back with its suggestions already read: not asked for again (that would drop a highlight). */
  const restored = useRef('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const typed = text.trim();
    const isRestored = typed === restored.current;
    restored.current = '';
    if (typed.length < minSuggestLength) {
      setSuggestions(noSuggestions);
      return;
    }
    if (isRestored) return;
    let live = true;
    const timer = setTimeout(() => {
      void suggestionsFor(typed).then((rows) => {
        if (!live) return;
        setSuggestions({ for: typed, rows });
        setHighlighted(-1);
      });
    }, searchDebounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  function enter() {
    const typed = (input.current?.value ?? text).trim();
    if (!typed) return;
    const shown = { ...suggestions, highlighted };
    setText('');
    setSuggestions(noSuggestions);
    setHighlighted(-1);
    pending.current += 1;
    queue.current = queue.current.then(async () => {
      const choice = await resolveEnter(typed, shown).catch(() => ({ kind: 'notFound' }) as const);
      pending.current -= 1;
      if (choice.kind === 'add') onProduct(choice.product);
      else if (choice.kind === 'notFound') onNotFound();
      else {
        // Put back for choosing only when nothing was typed or scanned since: a scan's text is never mixed in.
        if (pending.current === 0 && input.current?.value === '') {
          restored.current = typed;
          setText(typed);
          setSuggestions({ for: typed, rows: choice.rows });
        }
        onSeveral(typed);
      }
    });
  }

  const showing = suggestions.for === text.trim() ? suggestions.rows : [];
  return (
    <div className="barcode-input">
      <input
        ref={input}
        type="search"
        className="scan-input"
        aria-label="Barcode or item name"
        placeholder="Scan a barcode or type an item name, then Enter"
        autoComplete="off"
        autoFocus
        value={text}
        role="combobox"
        aria-expanded={showing.length > 0}
        aria-autocomplete="list"
        aria-activedescendant={highlighted >= 0 ? `scan-option-${highlighted}` : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            enter();
          } else if (event.key === 'ArrowDown' && showing.length) {
            event.preventDefault();
            setHighlighted((h) => Math.min(showing.length - 1, h + 1));
          } else if (event.key === 'ArrowUp' && showing.length) {
            event.preventDefault();
            setHighlighted((h) => Math.max(-1, h - 1));
          } else if (event.key === 'Escape') {
            setSuggestions(noSuggestions);
          }
        }}
      />
      {showing.length > 0 && (
        <ul className="suggestions" role="listbox" aria-label="Matching items">
          {showing.map((row, index) => (
            <li key={row.id} id={`scan-option-${index}`} role="option" aria-selected={index === highlighted}>
              <button
                type="button"
                className={index === highlighted ? 'highlighted' : undefined}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setText('');
                  setSuggestions(noSuggestions);
                  onProduct(row);
                  input.current?.focus();
                }}
              >
                <span>
                  {row.itemName} <span className="muted mono">{row.barcode}</span>
                </span>
                <span className="muted">
                  {formatMoney(row.unitPriceCents)} · stock {formatQuantity(row.stockHundredths)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
