import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import type { ItemRow } from '@shared/schemas/item';

interface ItemAdderProps {
  onAdd: (item: ItemRow) => void;
  label?: string;
}

/** As the register's scan box: matches 300 ms after the last key, so a scanner's burst asks nothing. */
const searchDebounceMs = 300;

/** The one item the text names, when the search finds exactly one. */
async function onlyMatch(text: string): Promise<ItemRow | undefined> {
  const { rows } = await queryPage(db.items, { search: text, page: 1, pageSize: 2 });
  return rows.length === 1 ? (rows[0] as ItemRow) : undefined;
}

/**
 * Adds an item to an order by its name or barcode: a scanner types the barcode and Enter, which adds
 * the item whose barcode it is; typing shows the first matches to tap, once the typing pauses. Enter
 * decides from the text itself, never from whether the matches had come yet. Read from this
 * device's index.
 */
export function ItemAdder({ onAdd, label = 'Add item (name or barcode)' }: ItemAdderProps) {
  const [text, setText] = useState('');
  // Searched only when the keys pause: at 8 ms a key a scanner's 13 digits were 13 searches of every
  // item ('4', '47', '479' match all 50,000), and a scan's line now and then waited 60 to 95 ms
  // behind them (issue 44's bench).
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), text.trim() ? searchDebounceMs : 0);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useLiveQuery(async () => (asked.trim() ? (await queryPage(db.items, { search: asked, page: 1, pageSize: 8 })).rows : []), [asked]) as ItemRow[] | undefined;
  const matches = asked === text ? found : undefined;

  function add(item: ItemRow) {
    onAdd(item);
    setText('');
  }

  async function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = text.trim();
    const byBarcode = code ? await db.items.where('barcode').equals(code).first() : undefined;
    const item = byBarcode && !byBarcode.deleted ? (byBarcode as ItemRow) : code ? await onlyMatch(code) : undefined;
    if (item) add(item);
  }

  return (
    <div className="item-adder">
      <label className="field">
        <span>{label}</span>
        <input value={text} onChange={(event) => setText(event.target.value)} onKeyDown={(event) => void onKeyDown(event)} autoComplete="off" placeholder="Scan or type…" />
      </label>
      {matches && matches.length > 0 && (
        <ul className="item-adder-matches" aria-label="Matching items">
          {matches.map((item) => (
            <li key={item.id}>
              <button type="button" className="btn btn-small btn-secondary" onClick={() => add(item)}>
                {item.itemName} <span className="muted mono">{item.barcode}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
