import { useState } from 'react';
import { useSession } from '@/session/session-store';
import { RowActions } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { usePageState } from '@/lib/use-page-state';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useRevealSaved } from '@/lib/use-reveal-saved';
import { toast } from '@/components/ui/toast-store';
import { can } from '@shared/domain/permissions';
import { formatMoney } from '@shared/domain/money';
import { intervalText } from '@shared/domain/service-due';
import type { ServiceRow } from '@shared/schemas/service';
import { useServices } from './api/use-services';
import { deleteService } from './api/delete-service';
import { ServiceFormModal } from './components/service-form-modal';
import { confirmInPage } from '@/components/ui/confirm-store';
import { ExportCsvButton } from '@/components/export-csv-button';

const serviceColumns: Column<ServiceRow>[] = [
  {
    header: 'Service ID',
    className: 'mono',
    cell: (service) =>
      service.serviceId ?? (
        <span className="pending-mark" title="Created on this device; the server gives it a number when it syncs.">
          Pending
        </span>
      ),
  },
  { header: 'Service Name', cell: (service) => service.name, primary: true },
  { header: 'Price', cell: (service) => formatMoney(service.priceCents), className: 'num' },
  { header: 'Interval', priority: 3, cell: (service) => intervalText(service) },
];

/** Services (spec 2.11): read from the device, written through the outbox; numbers come from the server. */
export function ServicesPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'editCatalog');
  // The top-bar search opens this list on what it found (?search=, issue 28).
  const { search, setSearch } = usePageState({ fromUrl: true });
  const [editing, setEditing] = useState<ServiceRow | null | undefined>(undefined);
  const services = useServices(search);
  const { highlightId, reveal } = useRevealSaved();

  async function remove(service: ServiceRow) {
    if (!(await confirmInPage({ title: 'Delete service', message: 'Delete this service?', confirmLabel: 'Delete', danger: true }))) return;
    try {
      await deleteService(service.id);
      toast.success('Service deleted');
    } catch {
      toast.error('Failed to delete service');
    }
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>Services</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search by Service ID or Name..." label="Search services" value={search} onChange={setSearch} />
          <ExportCsvButton list="services" />
          {mayEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
              + Add Service
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <DataTable
          className="services-table"
          columns={serviceColumns}
          rows={services}
          rowKey={(service) => service.id}
          loadingText="Loading..."
          emptyText="No services found."
          highlightId={highlightId}
          actions={mayEdit ? (service) => <RowActions name={service.name} onEdit={() => setEditing(service)} onDelete={() => void remove(service)} /> : undefined}
        />
      </div>
      {editing !== undefined && <ServiceFormModal service={editing} onClose={() => setEditing(undefined)} onSaved={reveal} />}
    </section>
  );
}
