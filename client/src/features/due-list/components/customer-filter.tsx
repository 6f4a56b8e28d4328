import { useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import { useFocusLayer } from '@/components/ui/use-focus-layer';

const customers = db.customers;

/** The due list's searchable customer dropdown: 'All Customer', or one, found by name, phone or plate. */
export function CustomerFilter({ customerId, onChange }: { customerId: string | null; onChange: (id: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const chosen = useLiveQuery(() => (customerId ? customers.get(customerId) : undefined), [customerId]);
  return (
    <div className="customer-picker customer-filter">
      <button
        type="button"
        className="picker-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Customer: ${chosen?.customerName ?? 'All Customer'}`}
        onClick={() => setOpen(true)}
      >
        {chosen?.customerName ?? 'All Customer'}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <Panel
          onClose={() => setOpen(false)}
          onPick={(id) => {
            setOpen(false);
            onChange(id);
          }}
        />
      )}
    </div>
  );
}

function Panel({ onClose, onPick }: { onClose: () => void; onPick: (id: string | null) => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const [search, setSearch] = useState('');
  useFocusLayer(panel, onClose);
  const matches = useLiveQuery(async () => (await queryPage(customers, { search, page: 1, pageSize: 40 })).rows, [search]);
  return (
    <div ref={panel} className="picker-panel" role="dialog" aria-label="Choose a customer" tabIndex={-1}>
      <input
        type="search"
        className="search-input"
        placeholder="Search name, phone, vehicle..."
        aria-label="Search customers"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoFocus
      />
      <ul className="picker-list" role="listbox" aria-label="Customers">
        <li role="option" aria-selected="false">
          <button type="button" className="picker-option" onClick={() => onPick(null)}>
            <strong>All Customer</strong>
          </button>
        </li>
        {matches?.length === 0 && <li className="muted">No matches</li>}
        {matches?.map((customer) => (
          <li key={customer.id} role="option" aria-selected="false">
            <button type="button" className="picker-option" onClick={() => onPick(customer.id)}>
              <strong>{customer.customerName}</strong>
              <span className="muted">{customer.phone}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
