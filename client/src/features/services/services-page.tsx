import { useState } from 'react';
import { useSession } from '../../app/session-store';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { TableMessageRow } from '../../components/ui/table-message-row';
import { toast } from '../../components/ui/toast-store';
import { can } from '../../../../shared/domain/permissions';
import { formatMoney } from '../../../../shared/domain/money';
import type { ServiceRow } from '../../../../shared/schemas/service';
import { useServices } from './api/use-services';
import { deleteService } from './api/delete-service';
import { ServiceFormModal } from './components/service-form-modal';

/** Services (spec 2.11): read from the device, written through the outbox; numbers come from the server. */
export function ServicesPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'editCatalog');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ServiceRow | null | undefined>(undefined);
  const services = useServices(search);
  const columns = mayEdit ? 4 : 3;

  async function remove(service: ServiceRow) {
    if (!window.confirm('Delete this service?')) return;
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
          {mayEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
              + Add Service
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <table className="table services-table">
          <thead>
            <tr>
              <th>Service ID</th>
              <th>Service Name</th>
              <th className="num">Price</th>
              {mayEdit && <th className="actions-col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {services === undefined ? (
              <TableMessageRow colSpan={columns}>Loading...</TableMessageRow>
            ) : services.length === 0 ? (
              <TableMessageRow colSpan={columns}>No services found.</TableMessageRow>
            ) : (
              services.map((service) => (
                <tr key={service.id}>
                  <td className="mono">
                    {service.serviceId ?? (
                      <span className="pending-mark" title="Created on this device; the server gives it a number when it syncs.">
                        Pending
                      </span>
                    )}
                  </td>
                  <td>{service.name}</td>
                  <td className="num">{formatMoney(service.priceCents)}</td>
                  {mayEdit && (
                    <td className="actions-col">
                      <RowActions name={service.name} onEdit={() => setEditing(service)} onDelete={() => void remove(service)} />
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {editing !== undefined && <ServiceFormModal service={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
