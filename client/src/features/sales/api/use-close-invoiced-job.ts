import { useEffect } from 'react';
import type { JobCardRow } from '@shared/schemas/job-card';
import { toast } from '@/components/ui/toast-store';
import { emptyCart, type Cart } from './cart';

export const jobInvoicedElsewhere = (job: Pick<JobCardRow, 'jobNumber' | 'invoiceNo'>) =>
  `${job.jobNumber ?? 'The job'} was invoiced elsewhere${job.invoiceNo ? ` (${job.invoiceNo})` : ''}: its sale here is closed.`;

/**
 * A job's cart left open (on a tablet, overnight) while the counter bills that job (issue 47): once
 * the job's invoice reaches this device, the cart closes with a message, so the job is never sold
 * twice from a stale screen. Not while this register is selling it itself (`selling`): its own
 * checkout writes the invoice a moment before it empties the cart.
 */
export function useCloseInvoicedJob(cart: Cart | undefined, job: JobCardRow | null, selling: boolean, updateCart: (change: (cart: Cart) => Cart) => void, onClosed: () => void) {
  const invoiced = !!cart?.jobId && job?.id === cart.jobId && !!job.invoiceId && !selling;
  useEffect(() => {
    if (!invoiced || !job) return;
    updateCart(() => emptyCart);
    toast.info(jobInvoicedElsewhere(job));
    onClosed();
    // Once per invoice noticed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invoiced]);
}
