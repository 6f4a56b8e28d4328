import { useLayoutEffect, useState, type RefObject } from 'react';
import type { CompanyRow } from '@shared/schemas/company';

// The parts every receipt-sized document shares (a payment receipt, a credit note slip).

const pxPerMm = 96 / 25.4;
/** Room to spare, so rounding never pushes the last line onto a second page. */
const thermalSlackMm = 2;

/**
 * A roll has no page length: the thermal page is as long as its receipt (padding included). The
 * receipt is measured where it is laid out at the print width, and the named page gets that height.
 * (Measured by the receipt itself: a child's layout effect runs before its parent's ref is set.)
 */
export function useThermalPageHeightMm(receipt: RefObject<HTMLElement | null>, isThermal: boolean): number | null {
  const [heightMm, setHeightMm] = useState<number | null>(null);
  // No dependency list on purpose: the receipt is measured again after every render (its content may
  // have changed); setting the same height again does not render again, so this does not loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const height = isThermal ? (receipt.current?.getBoundingClientRect().height ?? 0) : 0;
    setHeightMm(height > 0 ? Math.ceil(height / pxPerMm + thermalSlackMm) : null);
  });
  return heightMm;
}

/** A receipt's top: the shop's name and how to reach it, centred, then the title. */
export function ReceiptHeader({ company, title }: { company: CompanyRow | null; title: string }) {
  const contact = [company?.address, company?.phone].filter(Boolean).join(' · ');
  return (
    <header className="receipt-header">
      <p className="doc-company-name">{company?.name}</p>
      {contact && <p className="doc-company-line">{contact}</p>}
      <h1 className="doc-title">{title}</h1>
    </header>
  );
}
