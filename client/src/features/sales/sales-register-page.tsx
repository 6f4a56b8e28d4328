import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { ValidationError } from '@/sync/validation-error';
import { invoiceTotals } from '@shared/domain/sales';
import { saleMessages } from '@shared/schemas/sale';
import { addToCart, emptyCart, removeLine, setDiscount, setQuantity, stepQuantity, type Cart, type CartProblem } from './api/cart';
import { useCart } from './api/use-cart';
import { useRoundCash, useTaxSetting } from './api/use-tax-setting';
import { cashRoundingCents } from '@shared/domain/cash-rounding';
import { cartFromJob } from './api/job-cart';
import { useCartJob } from './api/use-cart-job';
import { useCloseInvoicedJob } from './api/use-close-invoiced-job';
import { saleCustomerOfJob } from '@shared/domain/guest-job';
import { JobNumber } from '@/components/job-number';
import { checkout, type CheckoutChoice } from './api/checkout';
import { preloadPrintCode, printInvoiceAndReceipt } from './api/print-sale';
import type { ProductRow } from './api/find-product';
import { BarcodeInput } from './components/barcode-input';
import { severalMatch } from './api/typed-match';
import { CartTable } from './components/cart-table';
import { CartSummary } from './components/cart-summary';
import { ItemCards } from './components/item-cards';
import { PaymentModal } from './components/payment-modal';
import { InvoiceListModal } from './components/invoice-list-modal';
import { confirmInPage } from '@/components/ui/confirm-store';
import { DrawerClosedNotice } from '@/components/drawer-closed-notice';

export const replaceCartQuestion = "The cart holds a sale not yet completed. Replace it with this job card's lines?";

const productLine = (row: ProductRow) => ({
  kind: 'item' as const,
  refId: row.id,
  name: row.itemName,
  unitPriceCents: row.unitPriceCents,
  stockHundredths: row.stockHundredths,
  warrantyMonths: Number(row.warrantyMonths ?? 0),
});

/**
 * The Sales Register (spec 2.8, both readings as decisions.md combines them): scan or type, a cart
 * that survives a restart, Cash for a quick paid sale, Payment for a customer and a method, and
 * the invoice and receipt printed from the device's own data, offline too.
 */
export function SalesRegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const jobId = params.get('jobId');
  const [cart, updateCart] = useCart();
  const tax = useTaxSetting();
  const roundCash = useRoundCash();
  const [paying, setPaying] = useState(false);
  const [jobCustomerId, setJobCustomerId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [listing, setListing] = useState(false);
  const cartJob = useCartJob(cart?.jobId);
  useCloseInvoicedJob(cart, cartJob, busy, updateCart, () => {
    setJobCustomerId(null);
    setPaying(false);
    if (jobId) navigate(paths.salesRegister, { replace: true });
  });

  // ?jobId= loads the job's lines (unless the cart already holds that job's sale).
  useEffect(() => {
    if (!jobId || cart === undefined) return;
    let live = true;
    void cartFromJob(jobId)
      .then(async (found) => {
        if (!live) return;
        if (!found) {
          toast.error('Failed to load job card');
          return;
        }
        // A cart of this job left open closes by itself (useCloseInvoicedJob).
        if (found.job.invoiceId) {
          if (cart.jobId === jobId) return;
          setJobCustomerId(found.job.customerId);
          toast.warning(`This job already has invoice ${found.job.invoiceNo ?? ''}.`);
          return;
        }
        if (cart.jobId === jobId) return setJobCustomerId(found.job.customerId);
        // A sale the cashier had begun is not thrown away unasked.
        const replace =
          cart.lines.length === 0 || (await confirmInPage({ title: 'Replace the cart?', message: replaceCartQuestion, confirmLabel: 'Replace', cancelLabel: 'Keep the cart' }));
        if (!live) return;
        if (!replace) {
          navigate(paths.salesRegister, { replace: true });
          return;
        }
        setJobCustomerId(found.job.customerId);
        updateCart(() => found.cart);
      })
      .catch(() => toast.error('Failed to load job card'));
    return () => {
      live = false;
    };
    // Once per job: the cart's later edits must not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, cart === undefined]);

  // Memoised so an empty cart's lines are the same array each render and the memos below hold.
  const lines = useMemo(() => cart?.lines ?? [], [cart]);
  const selling = lines.length > 0;
  // A sale is under way (Cash prints at once, without the Payment modal): fetch the print code now.
  useEffect(() => {
    if (selling) preloadPrintCode();
  }, [selling]);
  const totals = useMemo(() => invoiceTotals(lines, tax), [lines, tax]);
  const inCart = useMemo(() => new Map(lines.filter((l) => l.refId).map((l) => [l.refId!, l.quantityHundredths])), [lines]);

  function apply(change: (cart: Cart) => Cart | CartProblem) {
    updateCart((current) => {
      const next = change(current);
      if (typeof next === 'string') {
        toast.warning(next);
        return current;
      }
      return next;
    });
  }

  async function sell(choice: CheckoutChoice) {
    if (!cart || cart.lines.length === 0) throw new ValidationError(saleMessages.emptyCart);
    setBusy(true);
    try {
      const invoiceId = await checkout(cart, tax, choice);
      const fromJob = cart.jobId;
      updateCart(() => emptyCart);
      setPaying(false);
      toast.success('Sale completed.');
      await printInvoiceAndReceipt(invoiceId).catch(() => toast.error('The invoice could not be printed. Reprint it from the invoice list.'));
      if (fromJob) navigate(paths.jobCard);
    } finally {
      setBusy(false);
    }
  }

  function openPayment() {
    if (lines.length === 0) return toast.warning(saleMessages.emptyCart);
    setPaying(true);
  }

  async function quickCash() {
    if (lines.length === 0) return toast.warning(saleMessages.emptyCart);
    try {
      // A walk-in guest's job is sold to a guest (no customer record).
      // Cash: to the rupee when the shop rounds cash sales (issue 47).
      const rounding = roundCash ? { roundingCents: cashRoundingCents(totals.totalCents) } : {};
      const payable = totals.totalCents + (rounding.roundingCents ?? 0);
      await sell({ customerId: jobCustomerId === null ? null : saleCustomerOfJob(jobCustomerId), method: 'Cash', tendered: (payable / 100).toFixed(2), ...rounding });
    } catch (error) {
      toast.warning(error instanceof Error ? error.message : 'Failed to save the sale.');
    }
  }

  async function cancel() {
    if (lines.length === 0) return;
    const message = 'Cancel this sale and empty the cart?';
    if (await confirmInPage({ title: 'Cancel sale', message, confirmLabel: 'Empty the cart', cancelLabel: 'Keep the sale', danger: true })) updateCart(() => emptyCart);
  }

  return (
    <section className="page register-page">
      <div className="page-header">
        <h1>Sales Register</h1>
        <div className="page-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setListing(true)}>
            Invoices
          </button>
        </div>
        {cart?.jobId && (
          <div className="job-context register-job" role="region" aria-label="Job being invoiced">
            {cartJob && (
              <p className="register-job-names">
                <strong>
                  Invoicing <JobNumber job={cartJob} />
                </strong>{' '}
                · {cartJob.customerName}
                {cartJob.vehicleLicensePlate && (
                  <>
                    {' '}
                    · <span className="nowrap">{cartJob.vehicleLicensePlate}</span>
                  </>
                )}
              </p>
            )}
            <p>The job's parts are not limited by stock.</p>
          </div>
        )}
      </div>
      <div className="register-layout">
        <div className="register-main">
          <div className="panel">
            <BarcodeInput
              onProduct={(row) => apply((c) => addToCart(c, productLine(row)))}
              onNotFound={() => toast.warning(saleMessages.notFound)}
              onSeveral={(text) => toast.info(severalMatch(text))}
            />
            <CartTable
              lines={lines}
              tax={tax}
              onStep={(id, step) => apply((c) => stepQuantity(c, id, step))}
              onQuantity={(id, quantity) => apply((c) => setQuantity(c, id, quantity))}
              onDiscount={(id, percent) => apply((c) => setDiscount(c, id, percent))}
              onRemove={(id) => apply((c) => removeLine(c, id))}
            />
          </div>
          <div className="panel register-footer">
            <CartSummary totals={totals} tax={tax} lineCount={lines.length} />
            {/* Before Cash is pressed (it sells at once): the drawer is not open, and is one tap from here (issue 47). */}
            <DrawerClosedNotice />
            <div className="register-buttons">
              <button type="button" className="btn btn-secondary" onClick={() => void cancel()} disabled={busy}>
                Cancel
              </button>
              <button type="button" className="btn btn-primary btn-cash" onClick={() => void quickCash()} disabled={busy}>
                Cash
              </button>
              <button type="button" className="btn btn-primary" onClick={openPayment} disabled={busy}>
                Payment
              </button>
            </div>
          </div>
        </div>
        <ItemCards inCart={inCart} onPick={(row) => apply((c) => addToCart(c, productLine(row)))} />
      </div>
      {listing && <InvoiceListModal onClose={() => setListing(false)} />}
      {paying && <PaymentModal totalCents={totals.totalCents} roundCash={roundCash} initialCustomerId={jobCustomerId} onClose={() => setPaying(false)} onConfirm={sell} />}
    </section>
  );
}
