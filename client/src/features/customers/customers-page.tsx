import { useState } from 'react';
import { useSession } from '../../app/session-store';
import { Pager } from '../../components/ui/pager';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { TableMessageRow } from '../../components/ui/table-message-row';
import { toast } from '../../components/ui/toast-store';
import { can } from '../../../../shared/domain/permissions';
import { useLastPage, usePageState } from '../../lib/use-page-state';
import { isGuestCustomer } from '../../../../shared/schemas/customer';
import type { CustomerRow } from './api/customer-row';
import { useCustomerCount, useCustomers } from './api/use-customers';
import { deleteCustomer } from './api/delete-customer';
import { CustomerFormModal } from './components/customer-form-modal';
import { vehiclesDetail, vehiclesSummary } from './utils/vehicles-summary';

const pageSize = 25;
const columns = 7;

/** Customer management (spec 2.6): read from the device, 25 per page, written through the outbox. */
export function CustomersPage() {
  const role = useSession((state) => state.user?.role);
  const mayDelete = can(role, 'deleteRecords');
  const paging = usePageState();
  const { search, setSearch, page, setPage } = paging;
  const [editing, setEditing] = useState<CustomerRow | null | undefined>(undefined);
  const result = useCustomers(search, page, pageSize);
  const count = useCustomerCount();
  const lastPage = useLastPage(paging, result?.total, pageSize);

  async function remove(customer: CustomerRow) {
    if (!window.confirm('Are you sure you want to delete this customer? This action cannot be undone.')) return;
    try {
      await deleteCustomer(customer.id);
      toast.success('Customer deleted successfully!');
    } catch {
      toast.error('Failed to delete customer.');
    }
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>Customers{count === undefined ? '' : ` (${count})`}</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search Customers..." label="Search customers" value={search} onChange={setSearch} />
          <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
            + Add New Customer
          </button>
        </div>
      </div>
      <div className="panel">
        <table className="table customers-table">
          <thead>
            <tr>
              <th>Customer Name</th>
              <th>Contact Person</th>
              <th>Email</th>
              <th>Phone</th>
              <th>Vehicles</th>
              <th>City</th>
              <th className="actions-col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {result === undefined ? (
              <TableMessageRow colSpan={columns}>Loading customers...</TableMessageRow>
            ) : result.rows.length === 0 ? (
              <TableMessageRow colSpan={columns}>No customers found.</TableMessageRow>
            ) : (
              result.rows.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    {customer.customerName || 'N/A'}
                    {isGuestCustomer(customer) && <span className="guest-badge">Guest</span>}
                  </td>
                  <td>{customer.contactPerson || 'N/A'}</td>
                  <td>{customer.email || 'N/A'}</td>
                  <td className="nowrap">{customer.phone || 'N/A'}</td>
                  <td className="nowrap" title={vehiclesDetail(customer.vehicles)}>{vehiclesSummary(customer.vehicles)}</td>
                  <td>{customer.city || 'N/A'}</td>
                  <td className="actions-col">
                    <RowActions
                      name={customer.customerName}
                      onEdit={() => setEditing(customer)}
                      onDelete={mayDelete ? () => void remove(customer) : undefined}
                    />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        {result && result.total > 0 && (
          <Pager page={Math.min(page, lastPage)} pageSize={pageSize} total={result.total} onPage={setPage} />
        )}
      </div>
      {editing !== undefined && <CustomerFormModal customer={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
