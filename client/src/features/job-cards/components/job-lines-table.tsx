import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { jobTotals } from '@shared/domain/job-lines';

/** A line as the table shows it: saved, or added in this form and not saved yet. */
export interface ShownLine {
  id: string;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  quantityHundredths: number;
  unitPriceCents: number;
  totalCents: number;
  warranty: string;
  unsaved?: boolean;
}

const items = db.items;
const services = db.services;

/** Product ID: an item's barcode, a service's SRV number; a line typed by hand has none. */
function useProductIds(lines: ShownLine[]): Map<string, string> | undefined {
  const refs = lines.map((line) => `${line.kind}:${line.refId ?? ''}`).join(',');
  return useLiveQuery(async () => {
    const ids = new Map<string, string>();
    const itemIds = lines.filter((l) => l.kind === 'item' && l.refId).map((l) => l.refId!);
    const serviceIds = lines.filter((l) => l.kind === 'service' && l.refId).map((l) => l.refId!);
    const [foundItems, foundServices] = await Promise.all([items.bulkGet(itemIds), services.bulkGet(serviceIds)]);
    foundItems.forEach((item) => item && ids.set(item.id, item.barcode));
    foundServices.forEach((service) => service && ids.set(service.id, service.serviceId ?? 'Pending'));
    return ids;
  }, [refs]);
}

interface JobLinesTableProps {
  lines: ShownLine[];
  onRemove?: (line: ShownLine) => void;
}

/**
 * The job's lines (spec 2.7): Product ID, Product Name, Selling Price, Qty, Warranty, Total, Action.
 * On a tablet Product ID, Selling Price and Warranty fold under the name (the lists' data-table
 * classes), so each line's Total and Remove stay on screen.
 */
export function JobLinesTable({ lines, onRemove }: JobLinesTableProps) {
  const productIds = useProductIds(lines);
  const totals = jobTotals(lines);
  return (
    <table className="table data-table job-lines-table">
      <thead>
        <tr>
          <th className="p2">Product ID</th>
          <th>Product Name</th>
          <th className="num p2">Selling Price</th>
          <th className="num">Qty</th>
          <th className="p3">Warranty</th>
          <th className="num">Total</th>
          {onRemove && <th className="actions-col">Action</th>}
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 && (
          <tr>
            <td colSpan={onRemove ? 7 : 6} className="muted table-message">
              No items added yet.
            </td>
          </tr>
        )}
        {lines.map((line) => {
          const productId = (line.refId && productIds?.get(line.refId)) || (line.kind === 'service' ? 'Service' : 'Custom');
          return (
            <tr key={line.id} className={line.unsaved ? 'row-unsaved' : undefined}>
              <td className="mono p2">{productId}</td>
              <td className="primary">
                {line.name}
                {line.kind === 'service' && <span className="badge">Service</span>}
                {line.unsaved && <span className="badge badge-unsaved">Not saved</span>}
                <dl className="folded">
                  <div className="fold fold-p2">
                    <dt>Product ID</dt>
                    <dd className="mono">{productId}</dd>
                  </div>
                  <div className="fold fold-p2">
                    <dt>Selling Price</dt>
                    <dd>{formatMoney(line.unitPriceCents)}</dd>
                  </div>
                  <div className="fold fold-p3">
                    <dt>Warranty</dt>
                    <dd>{line.warranty || '—'}</dd>
                  </div>
                </dl>
              </td>
              <td className="num p2">{formatMoney(line.unitPriceCents)}</td>
              <td className="num">{formatQuantity(line.quantityHundredths)}</td>
              <td className="p3">{line.warranty || '—'}</td>
              <td className="num">{formatMoney(line.totalCents)}</td>
              {onRemove && (
                <td className="actions-col">
                  <button type="button" className="btn btn-small btn-danger" aria-label={`Remove ${line.name}`} onClick={() => onRemove(line)}>
                    Remove
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
      {lines.length > 0 && (
        <tfoot>
          {/* One cell a column, each with its column's class: folded columns fold here too. */}
          <tr>
            <td className="p2" />
            <td>{totals.servicesCents > 0 && totals.itemsCents > 0 ? `Services ${formatMoney(totals.servicesCents)} · Items ${formatMoney(totals.itemsCents)}` : 'Total'}</td>
            <td className="p2" />
            <td />
            <td className="p3" />
            <td className="num">
              <strong>{formatMoney(totals.totalCents)}</strong>
            </td>
            {onRemove && <td />}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
