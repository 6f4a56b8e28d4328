import { useState, type KeyboardEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import type { ItemRow } from '@shared/schemas/item';

interface ItemAdderProps {
  onAdd: (item: ItemRow) => void;
  label?: string;
}

/**
 * Adds an item to an order by its name or barcode: a scanner types the barcode and Enter, which adds
 * the item whose barcode it is; typing shows the first matches to tap. Read from this device's index.
 */
export function ItemAdder({ onAdd, label = 'Add item (name or barcode)' }: ItemAdderProps) {
  const [text, setText] = useState('');
  const matches = useLiveQuery(async () => (text.trim() ? (await queryPage(db.items, { search: text, page: 1, pageSize: 8 })).rows : []), [text]) as ItemRow[] | undefined;

  function add(item: ItemRow) {
    onAdd(item);
    setText('');
  }

  async function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = text.trim();
    const byBarcode = code ? await db.items.where('barcode').equals(code).first() : undefined;
    const found = byBarcode && !byBarcode.deleted ? (byBarcode as ItemRow) : matches?.length === 1 ? matches[0] : undefined;
    if (found) add(found);
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
