import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { jobLineTotalCents } from '@shared/domain/job-lines';
import type { JobLineRow } from '@shared/schemas/job-card';

interface JobLinesSectionProps {
  /** 'Services' or 'Items / Parts'. */
  title: string;
  /** The first column's header: 'Service' or 'Item'. */
  nameHeader: string;
  /** 'Services Total' or 'Items Total'. */
  totalLabel: string;
  lines: JobLineRow[];
}

/** One kind of the job's lines with their amounts (unit price × quantity, to the cent) and their sum. */
export function JobLinesSection({ title, nameHeader, totalLabel, lines }: JobLinesSectionProps) {
  const amounts = lines.map((line) => jobLineTotalCents(line));
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return (
    <section className="job-details-lines" aria-label={title}>
      <h3>{title}</h3>
      <table className="table">
        <thead>
          <tr>
            <th>{nameHeader}</th>
            <th className="num">Qty</th>
            <th className="num">Unit Price</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={4} className="empty">
                None
              </td>
            </tr>
          ) : (
            lines.map((line, index) => (
              <tr key={line.id}>
                <td>{line.name}</td>
                <td className="num">{formatQuantity(line.quantityHundredths)}</td>
                <td className="num">{formatMoney(line.unitPriceCents)}</td>
                <td className="num">{formatMoney(amounts[index]!)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>{totalLabel}</td>
            <td className="num">
              <strong>{formatMoney(total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
