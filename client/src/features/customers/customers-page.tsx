import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { Pager } from '@/components/ui/pager';
import { RowActions } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useRevealSaved } from '@/lib/use-reveal-saved';
import { db } from '@/db/instance';
import { toast } from '@/components/ui/toast-store';
import { can } from '@shared/domain/permissions';
import { useLastPage, usePageState } from '@/lib/use-page-state';
import { isGuestCustomer } from '@shared/schemas/customer';
import type { CustomerRow } from './api/customer-row';
import { useCustomerCount, useCustomers } from './api/use-customers';
import { deleteCustomer } from './api/delete-customer';
import { CustomerFormModal } from './components/customer-form-modal';
import { vehiclesDetail, vehiclesSummary } from './utils/vehicles-summary';
import { confirmInPage } from '@/components/ui/confirm-store';
import { ExportCsvButton } from '@/components/export-csv-button';

const pageSize = 25;
const customersTable = db.customers as never;

/** The spec's columns (2.6); on a tablet the less important ones fold under the customer's name. */
const customerColumns: Column<CustomerRow>[] = [
  {
    header: 'Customer Name',
    primary: true,
    cell: (customer) => (
      <>
        {customer.customerName || 'N/A'}
        {isGuestCustomer(customer) && <span className="guest-badge">Guest</span>}
      </>
    ),
  },
  { header: 'Contact Person', cell: (customer) => customer.contactPerson || 'N/A', priority: 3 },
  { header: 'Email', cell: (customer) => customer.email || 'N/A', priority: 2, className: 'wrap-anywhere' },
  { header: 'Phone', cell: (customer) => customer.phone || 'N/A', className: 'nowrap' },
  { header: 'Vehicles', cell: (customer) => vehiclesSummary(customer.vehicles), title: (customer) => vehiclesDetail(customer.vehicles), priority: 2 },
  { header: 'City', cell: (customer) => customer.city || 'N/A', priority: 3 },
];

async function remove(customer: CustomerRow) {
  const message = 'Are you sure you want to delete this customer? This action cannot be undone.';
  if (!(await confirmInPage({ title: 'Delete customer', message, confirmLabel: 'Delete', danger: true }))) return;
  try {
    await deleteCustomer(customer.id);
    toast.success('Customer deleted successfully!');
  } catch {
    toast.error('Failed to delete customer.');
  }
}

/** Customer management (spec 2.6): read from the device, 25 per page, written through the outbox. */
export function CustomersPage() {
  const role = useSession((state) => state.user?.role);
  const mayDelete = can(role, 'deleteRecords');
  const paging = usePageState({ fromUrl: true });
  const { search, setSearch, page, setPage } = paging;
  const [editing, setEditing] = useState<CustomerRow | null | undefined>(undefined);
  // ?edit=<id> opens that customer's form (customerEditPath: a WhatsApp message's 'Edit customer').
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  useEffect(() => {
    if (!editId) return;
    let current = true;
    void db.customers.get(editId).then((customer) => {
      if (!current) return;
      if (customer && !customer.deleted) setEditing(customer as CustomerRow);
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete('edit');
          return next;
        },
        { replace: true },
      );
    });
    return () => {
      current = false;
    };
  }, [editId, setParams]);
  const result = useCustomers(search, page, pageSize);
  const count = useCustomerCount();
  const lastPage = useLastPage(paging, result, pageSize);
  const { highlightId, reveal } = useRevealSaved({ table: customersTable, pageSize, paging });
  const rows = result?.rows;
  // Drawn again only when its rows change: a keystroke renders the page at once with the last rows
  // and again with the new ones, and the first drew every row for nothing (issue 47).
  const table = useMemo(
    () => (
      <DataTable
        className="customers-table"
        screenfulFirst
        columns={customerColumns}
        rows={rows}
        rowKey={(customer) => customer.id}
        loadingText="Loading customers..."
        emptyText="No customers found."
        highlightId={highlightId}
        actions={(customer) => <RowActions name={customer.customerName} onEdit={() => setEditing(customer)} onDelete={mayDelete ? () => void remove(customer) : undefined} />}
      />
    ),
    [rows, highlightId, mayDelete],
  );

  return (
    <section className="page">
      <div className="page-header">
        <h1>Customers{count === undefined ? '' : ` (${count})`}</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search Customers..." label="Search customers" value={search} onChange={setSearch} />
          <ExportCsvButton list="customers" />
          <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
            + Add New Customer
          </button>
        </div>
      </div>
      <div className="panel">
        {table}
        {result && result.total > 0 && <Pager page={Math.min(page, lastPage)} pageSize={pageSize} total={result.total} onPage={setPage} />}
      </div>
      {editing !== undefined && <CustomerFormModal customer={editing} onClose={() => setEditing(undefined)} onSaved={reveal} />}
    </section>
  );
}
