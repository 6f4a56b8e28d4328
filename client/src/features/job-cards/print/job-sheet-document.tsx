import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { invoiceTotals } from '@shared/domain/sales';
import { taxSettingOf } from '@shared/domain/tax-setting';
import { formatDateTime } from '@/lib/format-date';
import { formatDay, formatMileage, salesTaxLabel } from '@/lib/document-format';
import { CompanyFooter, DocumentHeader, Facts } from '@/components/print/company-header';
import { jobSheetTerms, jobSheetTitle, type JobSheetData } from './job-sheet-data';

/**
 * The job sheet the customer signs at check-in (issue 25), on an A4 page: the shop's letterhead,
 * who and which vehicle, the mileage in, the problem, when it is promised, the lines so far with
 * their estimate, the terms, and two signature lines.
 */
export function JobSheetDocument({ data }: { data: JobSheetData }) {
  const { job, lines, company, customerAddress } = data;
  const promised = [formatDay(job.promisedDate), job.promisedTime].filter(Boolean).join(' ');
  // The invoice's own rule and the shop's setting now (issue 47): the signed estimate is what the
  // invoice of these lines will come to, tax included, not their bare sum.
  const tax = taxSettingOf(company);
  const totals = invoiceTotals(
    lines.map((line) => ({ ...line, discountPercent: 0 })),
    tax,
  );

  return (
    <article className="print-doc print-job-sheet" aria-label={jobSheetTitle}>
      <DocumentHeader
        company={company}
        title={jobSheetTitle}
        facts={[
          ['Job No', job.jobNumber ?? 'Pending'],
          ['Date In', formatDateTime(job.dateIn)],
          ['Promised', promised],
        ]}
      />
      <section className="doc-parties">
        <div className="doc-party">
          <h2>Customer</h2>
          <p className="doc-party-name">{job.customerName}</p>
          {job.customerPhone && <p>{job.customerPhone}</p>}
          {customerAddress && <p>{customerAddress}</p>}
        </div>
        <div className="doc-party">
          <h2>Vehicle</h2>
          <Facts
            facts={[
              ['Vehicle Reg', job.vehicleLicensePlate],
              ['Make and model', [job.vehicleMake, job.vehicleModel].filter(Boolean).join(' ')],
              ['Mileage In', formatMileage(job.currentMileage)],
              ['Previous Visit', formatMileage(job.previousMileage)],
            ]}
          />
        </div>
      </section>
      <section className="job-sheet-problem">
        <h2>Problem Description</h2>
        <p>{job.jobType || '—'}</p>
        {job.notes && (
          <>
            <h2>Notes</h2>
            <p>{job.notes}</p>
          </>
        )}
      </section>
      <table className="doc-table doc-lines">
        <caption>Work and Parts So Far</caption>
        <thead>
          <tr>
            <th>Description</th>
            <th>Type</th>
            <th className="num">Qty</th>
            <th className="num">Unit Price</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={5}>None yet.</td>
            </tr>
          ) : (
            lines.map((line) => (
              <tr key={line.id}>
                <td>{line.name}</td>
                <td>{line.kind === 'service' ? 'Service' : 'Part'}</td>
                <td className="num">{formatQuantity(line.quantityHundredths)}</td>
                <td className="num">{formatMoney(line.unitPriceCents)}</td>
                <td className="num">{formatMoney(line.totalCents)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          {tax.taxRatePercent > 0 && (
            <>
              <tr>
                <th colSpan={4}>Subtotal</th>
                <td className="num">{formatMoney(totals.subTotalCents)}</td>
              </tr>
              <tr>
                <th colSpan={4}>{salesTaxLabel(tax)}</th>
                <td className="num">{formatMoney(totals.taxCents)}</td>
              </tr>
            </>
          )}
          <tr className="job-sheet-estimate">
            <th colSpan={4}>Estimate</th>
            <td className="num">{formatMoney(totals.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <section className="doc-terms">
        <h2>Terms</h2>
        <ul>
          {jobSheetTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
      <div className="doc-signatures">
        <p>Customer’s signature</p>
        <p>{company?.name ? `Received for ${company.name}` : 'Received by'}</p>
      </div>
      <CompanyFooter company={company} />
    </article>
  );
}
