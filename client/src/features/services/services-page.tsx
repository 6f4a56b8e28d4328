import { useState } from 'react';
import { useSession } from '../../app/session-store';
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
          <input
            type="search"
            className="search-input"
            placeholder="Search by Service ID or Name..."
            aria-label="Search services"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
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
              <tr>
                <td colSpan={columns} className="empty">Loading...</td>
              </tr>
            ) : services.length === 0 ? (
              <tr>
                <td colSpan={columns} className="empty">No services found.</td>
              </tr>
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
                      <button type="button" className="btn btn-small" onClick={() => setEditing(service)} aria-label={`Edit ${service.name}`}>
                        Edit
                      </button>
                      <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(service)} aria-label={`Delete ${service.name}`}>
                        Delete
                      </button>
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
