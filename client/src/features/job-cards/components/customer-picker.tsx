import { useEffect, useId, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import { useFocusLayer } from '@/components/ui/use-focus-layer';
import type { CustomerRow } from '@shared/schemas/customer';

const customers = db.customers;
export const pickerLimit = 40;

/** The picker's walk-in choice: a job with no customer record, only a plate (issue 25). */
export const guestPickLabel = 'Guest (walk-in)';

interface CustomerPickerProps {
  customer: CustomerRow | null | undefined;
  /** The walk-in guest is chosen (no customer record). */
  guest: boolean;
  onPick: (customer: CustomerRow) => void;
  onPickGuest: () => void;
  onAddCustomer: () => void;
  disabled?: boolean;
  /** The form's message about the customer (components/ui/field-message.tsx). */
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * The job card's customer picker (spec 2.7): a search over name, phone and vehicle plates of the
 * device's customers, at most 40 matches, 'No matches', Close and '+ Add Customer'.
 */
export function CustomerPicker({ customer, guest, onPick, onPickGuest, onAddCustomer, disabled, ...aria }: CustomerPickerProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="customer-picker">
      <button
        type="button"
        name="customerId"
        className="picker-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        {...aria}
        onClick={() => setOpen(true)}
      >
        {guest ? guestPickLabel : customer ? customer.customerName : <span className="muted">Select customer</span>}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <PickerPanel
          id={listId}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            setOpen(false);
            onPick(picked);
          }}
          onPickGuest={() => {
            setOpen(false);
            onPickGuest();
          }}
          onAddCustomer={() => {
            setOpen(false);
            onAddCustomer();
          }}
        />
      )}
    </div>
  );
}

interface PickerPanelProps {
  id: string;
  onClose: () => void;
  onPick: (c: CustomerRow) => void;
  onPickGuest: () => void;
  onAddCustomer: () => void;
}

function PickerPanel({ id, onClose, onPick, onPickGuest, onAddCustomer }: PickerPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [search, setSearch] = useState('');
  useFocusLayer(panel, onClose);
  const matches = useLiveQuery(async () => (await queryPage(customers, { search, page: 1, pageSize: pickerLimit })).rows, [search]);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div ref={panel} id={id} className="picker-panel" role="dialog" aria-label="Choose a customer" tabIndex={-1}>
      <input
        ref={input}
        type="search"
        className="search-input"
        placeholder="Search name, phone, vehicle..."
        aria-label="Search customers"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className="picker-list" role="listbox" aria-label="Customers">
        <li role="option" aria-selected="false">
          <button type="button" className="picker-option" onClick={onPickGuest}>
            <strong>{guestPickLabel}</strong>
            <span className="muted">No customer record: only the vehicle's plate</span>
          </button>
        </li>
        {matches === undefined && <li className="muted">Loading...</li>}
        {matches?.length === 0 && <li className="muted">No matches</li>}
        {matches?.map((match) => (
          <li key={match.id} role="option" aria-selected="false">
            <button type="button" className="picker-option" onClick={() => onPick(match)}>
              <strong>{match.customerName}</strong>
              <span className="muted">{[match.phone, ...(match.vehicles ?? []).map((vehicle) => vehicle.licensePlate)].filter(Boolean).join(' · ')}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="picker-footer">
        <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn-primary btn-small" onClick={onAddCustomer}>
          + Add Customer
        </button>
      </div>
    </div>
  );
}
