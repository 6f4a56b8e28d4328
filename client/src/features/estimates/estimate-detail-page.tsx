import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { paths } from '@/lib/paths';
import { toast } from '@/components/ui/toast-store';
import { ValidationError } from '@/sync/validation-error';
import { estimatePrintPath, jobPagePath } from '@/components/print/reprint-path';
import { formatDay, invoiceDay } from '@/lib/document-format';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { estimateMessages, type EstimateLineRow } from '@shared/schemas/estimate';
import { composeWhatsappMessage, estimateSummary } from '@shared/domain/whatsapp-templates';
import { WhatsappLogList, WhatsappSendButton, useWhatsappCustomer, useWhatsappShop } from '@/lib/whatsapp';
import { useEstimate } from './api/use-estimates';
import { decideEstimate } from './api/decide-estimate';

type Choice = 'approved' | 'declined';
const decisionWord = { pending: 'Waiting', approved: 'Approved', declined: 'Declined' } as const;

/** One estimate (/estimates/:id): its lines, the customer's answer line by line, the job it became. */
export function EstimateDetailPage() {
  const { id } = useParams();
  const view = useEstimate(id);
  const user = useSession((state) => state.user);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [saving, setSaving] = useState(false);
  const shop = useWhatsappShop();
  const customer = useWhatsappCustomer(view?.estimate.customerId);

  if (view === undefined) return <p className="page muted">Loading estimate…</p>;
  if (view === null)
    return (
      <section className="page">
        <h1>Estimate</h1>
        <p className="error-text">This estimate is not on this device.</p>
        <Link to={paths.estimates}>Back to Estimates</Link>
      </section>
    );

  const { estimate, lines, job } = view;
  const open = estimate.status === 'Open';
  const total = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const choose = (line: EstimateLineRow, choice: Choice) => setChoices((now) => ({ ...now, [line.id]: choice }));

  async function record() {
    if (Object.keys(choices).length === 0) return toast.warning(estimateMessages.noDecision);
    setSaving(true);
    try {
      const jobId = await decideEstimate(estimate, choices, user?.role === 'Staff' ? { id: user._id, name: user.name } : null);
      toast.success(jobId ? 'Decision recorded: the approved lines are a job card now.' : 'Decision recorded.');
    } catch (error) {
      toast.warning(error instanceof ValidationError || error instanceof Error ? error.message : 'Failed to record the decision.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="page estimate-page">
      <div className="page-header">
        <h1>
          Estimate <span className="mono">{estimate.estimateNumber}</span>
        </h1>
        <div className="page-actions">
          <Link className="btn btn-secondary" to={estimatePrintPath(estimate.id)} target="_blank" rel="noopener">
            Print / PDF
          </Link>
          <WhatsappSendButton
            customer={{ id: estimate.customerId, name: customer?.name ?? estimate.customerName, phone: customer?.phone ?? estimate.customerPhone, language: customer?.language }}
            kind="estimate"
            refId={estimate.id}
            plate={estimate.vehicleLicensePlate}
            message={() =>
              composeWhatsappMessage(shop?.templates, 'estimate', customer?.language ?? 'en', {
                name: customer?.name ?? estimate.customerName,
                plate: estimate.vehicleLicensePlate,
                estimateNo: estimate.estimateNumber,
                shop: shop?.shop ?? '',
                shopPhone: shop?.shopPhone ?? '',
                ...estimateSummary(lines, total),
              })
            }
          />
        </div>
      </div>
      <WhatsappLogList refId={estimate.id} />
      {estimate.reviewState === 'open' && (
        <p className="panel warning-text" role="alert" data-testid="estimate-conflict">
          {estimate.reviewReason}
        </p>
      )}
      <div className="panel">
        <dl className="return-summary" aria-label="The estimate">
          <div>
            <dt>Customer</dt>
            <dd>{estimate.customerName}</dd>
          </div>
          <div>
            <dt>Vehicle</dt>
            <dd className="mono">{estimate.vehicleLicensePlate}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{invoiceDay(estimate.createdAt)}</dd>
          </div>
          <div>
            <dt>Valid Until</dt>
            <dd>{formatDay(estimate.validUntil)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd data-testid="estimate-status">{estimate.status}</dd>
          </div>
          {estimate.jobCardId && (
            <div>
              <dt>Became</dt>
              <dd data-testid="estimate-job">
                <Link to={jobPagePath(estimate.jobCardId)}>{job?.jobNumber ?? 'Job card (number pending)'}</Link>
              </dd>
            </div>
          )}
        </dl>
      </div>
      <div className="panel">
        <table className="data-table estimate-lines">
          <thead>
            <tr>
              <th>Service or part</th>
              <th className="num">Qty</th>
              <th className="num">Unit Price</th>
              <th className="num">Total</th>
              <th>Customer's answer</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} data-testid="estimate-line">
                <td>{line.name}</td>
                <td className="num">{formatQuantity(line.quantityHundredths)}</td>
                <td className="num">{formatMoney(line.unitPriceCents)}</td>
                <td className="num">{formatMoney(line.totalCents)}</td>
                <td>
                  {open && line.decision === 'pending' ? (
                    <span role="radiogroup" aria-label={`Answer for ${line.name}`}>
                      {(['approved', 'declined'] as const).map((choice) => (
                        <label key={choice} className="radio">
                          <input type="radio" name={`decision-${line.id}`} checked={choices[line.id] === choice} onChange={() => choose(line, choice)} />
                          {choice === 'approved' ? 'Approve' : 'Decline'}
                        </label>
                      ))}
                    </span>
                  ) : (
                    decisionWord[line.decision]
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>Total</td>
              <td className="num">{formatMoney(total)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
        {open && (
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void record()}>
              Record decision
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
