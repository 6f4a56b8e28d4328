import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { Pager } from '@/components/ui/pager';
import { RowActions } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useRevealSaved } from '@/lib/use-reveal-saved';
import { useLastPage, usePageState } from '@/lib/use-page-state';
import { toast } from '@/components/ui/toast-store';
import { confirmInPage } from '@/components/ui/confirm-store';
import { PlainFormModal } from '@/components/plain-form/plain-form-modal';
import { db } from '@/db/instance';
import { can } from '@shared/domain/permissions';
import { suppliersEntity } from '@shared/entities/suppliers';
import type { SupplierRow } from '@shared/schemas/supplier';
import { supplierAccountPath } from '@/lib/purchasing/supplier-account-path';
import { useSuppliers } from './api/use-suppliers';
import { deleteSupplier } from './api/delete-supplier';

const pageSize = 25;
const suppliersTable = db.suppliers as never;

const supplierColumns: Column<SupplierRow>[] = [
  { header: 'Supplier Name', cell: (supplier) => supplier.name, primary: true },
  { header: 'Contact Person', cell: (supplier) => supplier.contactPerson || 'N/A', priority: 3 },
  { header: 'Phone', cell: (supplier) => supplier.phone || 'N/A', className: 'nowrap' },
  { header: 'Email', cell: (supplier) => supplier.email || 'N/A', priority: 2, className: 'wrap-anywhere' },
  { header: 'Terms', cell: (supplier) => (supplier.paymentTermsDays ? `${supplier.paymentTermsDays} days` : 'On delivery'), priority: 3 },
];

/** Suppliers (issue 44): read from the device, 25 a page, written through the outbox; the form is the declaration's. */
export function SuppliersPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'purchase');
  const paging = usePageState({ fromUrl: true });
  const { search, setSearch, page, setPage } = paging;
  const [editing, setEditing] = useState<SupplierRow | null | undefined>(undefined);
  const result = useSuppliers(search, page, pageSize);
  const lastPage = useLastPage(paging, result, pageSize);
  const { highlightId, reveal } = useRevealSaved({ table: suppliersTable, pageSize, paging });

  async function remove(supplier: SupplierRow) {
    if (!(await confirmInPage({ title: 'Delete supplier', message: `Delete ${supplier.name}? Orders already made keep its name.`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await deleteSupplier(supplier.id);
      toast.success('Supplier deleted');
    } catch {
      toast.error('Failed to delete the supplier.');
    }
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>Suppliers{result ? ` (${result.total})` : ''}</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search by name, contact, phone or email..." label="Search suppliers" value={search} onChange={setSearch} />
          {mayEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
              + Add Supplier
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <DataTable
          className="suppliers-table"
          columns={supplierColumns}
          rows={result?.rows}
          rowKey={(supplier) => supplier.id}
          loadingText="Loading suppliers..."
          emptyText="No suppliers found."
          highlightId={highlightId}
          actions={
            mayEdit
              ? (supplier) => (
                  <>
                    {/* Its bills, payments and returns, and what came and is not billed yet (issue 44). */}
                    <Link className="btn btn-small" to={supplierAccountPath(supplier.id)} aria-label={`Account of ${supplier.name}`}>
                      Account
                    </Link>
                    <RowActions name={supplier.name} onEdit={() => setEditing(supplier)} onDelete={() => void remove(supplier)} />
                  </>
                )
              : undefined
          }
        />
        {result && result.total > 0 && <Pager page={Math.min(page, lastPage)} pageSize={pageSize} total={result.total} onPage={setPage} />}
      </div>
      {editing !== undefined && <PlainFormModal entity={suppliersEntity} record={editing} onClose={() => setEditing(undefined)} onSaved={reveal} />}
    </section>
  );
}
