import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { findByCode, searchInStock, type ProductRow } from '../api/find-product';

export const searchDebounceMs = 300;

interface BarcodeInputProps {
  /** Adds a product; answers false when it could not be added (the caller says why). */
  onProduct: (product: ProductRow) => void;
  onNotFound: () => void;
}

/**
 * The barcode-or-name input (spec 2.8, Reading B). A keyboard-wedge scanner types the code about
 * 8 ms a key and presses Enter: Enter takes the text as it is at that moment and clears the input
 * at once, so the next scan starts clean; lookups run one after another in arrival order, so a
 * burst of scans lands in order. Enter adds the highlighted suggestion, or the only one shown, when
 * the suggestions are for exactly the text in the box and no barcode matches it: the Enter that
 * ends a scan never adds whatever was highlighted before. Typing shows suggestions 300 ms after the last key; a
 * scan never waits for that.
 */
export function BarcodeInput({ onProduct, onNotFound }: BarcodeInputProps) {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<{ for: string; rows: ProductRow[] }>({ for: '', rows: [] });
  const [highlighted, setHighlighted] = useState(-1);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const typed = text.trim();
    if (typed.length < 2) {
      setSuggestions({ for: '', rows: [] });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void searchInStock(typed, 8).then((rows) => {
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
    const code = input.current?.value ?? text;
    const typed = code.trim();
    if (!typed) return;
    // The suggestions shown for exactly this text: the highlighted one, or the only one. A scan's
    // Enter comes before any suggestions for its whole code (they wait 300 ms), so it never picks one.
    const shown = suggestions.for === typed ? suggestions.rows : [];
    const pick = highlighted >= 0 ? shown[highlighted] : shown.length === 1 ? shown[0] : undefined;
    setText('');
    setSuggestions({ for: '', rows: [] });
    setHighlighted(-1);
    queue.current = queue.current.then(async () => {
      const byCode = await findByCode(typed);
      const product = byCode ?? pick;
      if (product) onProduct(product);
      else onNotFound();
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
            setSuggestions({ for: '', rows: [] });
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
                  setSuggestions({ for: '', rows: [] });
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
