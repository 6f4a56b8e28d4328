import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { searchInStock, type ProductRow } from '../api/find-product';

/** The right panel (spec 2.8): 'Search Items', cards of items in stock, those in the cart marked. */
export function ItemCards({ inCart, onPick }: { inCart: Map<string, number>; onPick: (product: ProductRow) => void }) {
  const [search, setSearch] = useState('');
  const rows = useLiveQuery(() => searchInStock(search, 24).catch(() => null), [search]);
  return (
    <aside className="panel item-cards-panel" aria-label="Items">
      <input type="search" className="search-input" placeholder="Search Items" aria-label="Search Items" value={search} onChange={(e) => setSearch(e.target.value)} />
      {rows === undefined && <p className="muted">Loading items...</p>}
      {rows === null && <p className="error-text">Failed to load items</p>}
      {rows?.length === 0 && <p className="muted">No items found.</p>}
      <div className="item-cards">
        {rows?.map((row) => {
          const quantity = inCart.get(row.id);
          return (
            <button key={row.id} type="button" className={`item-card${quantity ? ' in-cart' : ''}`} onClick={() => onPick(row)} aria-label={`Add ${row.itemName}`}>
              <strong>{row.itemName}</strong>
              <span>{formatMoney(row.unitPriceCents)}</span>
              <span className="muted">Stock {formatQuantity(row.stockHundredths)}</span>
              {quantity !== undefined && <span className="badge">In cart ×{formatQuantity(quantity)}</span>}
            </button>
          );
        })}
      </div>
    </aside>
  );
}
