import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import { guestCustomerId } from '@shared/domain/guest-job';
import type { CustomerRow } from '@shared/schemas/customer';

interface EstimateCustomerProps {
  customerId: string;
  customerName: string;
  onPick: (customer: { id: string; name: string; vehicles: CustomerRow['vehicles'] }) => void;
}

/** Who the estimate is for: a customer found by name, phone or plate, or a walk-in (the plate alone). */
export function EstimateCustomer({ customerId, customerName, onPick }: EstimateCustomerProps) {
  const [text, setText] = useState('');
  const found = useLiveQuery(async () => (text.trim().length < 2 ? [] : (await queryPage(db.customers, { search: text, page: 1, pageSize: 6 })).rows), [text]);
  return (
    <fieldset className="estimate-customer">
      <legend className="required">Customer</legend>
      <p>{customerId ? <strong data-testid="estimate-customer">{customerName}</strong> : <span className="muted">No customer chosen.</span>}</p>
      <label className="field">
        <span>Find a customer</span>
        <input name="customerSearch" value={text} placeholder="Name, phone or plate..." autoComplete="off" onChange={(event) => setText(event.target.value)} />
      </label>
      <ul className="canned-choices" aria-label="Customers found">
        {(found ?? []).map((customer) => (
          <li key={customer.id}>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                onPick({ id: customer.id, name: customer.customerName, vehicles: customer.vehicles ?? [] });
                setText('');
              }}
            >
              {customer.customerName} · {customer.phone}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="btn btn-secondary" onClick={() => onPick({ id: guestCustomerId, name: 'Guest (walk-in)', vehicles: [] })}>
            Guest (walk-in)
          </button>
        </li>
      </ul>
    </fieldset>
  );
}
