import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DrawerSessionRow } from '@shared/schemas/drawer';
import { DrawerReportDocument, DrawerReportSlip } from './drawer-report-document';
import type { DrawerReportData } from './load-drawer-report';

// Issue 47: an X or Z report names its register as the shop does ('Counter 1') beside its code.

const takings = {
  floatCents: 500_000,
  closedCashCents: 0,
  cashSalesCents: 120_000,
  cashPaymentsCents: 0,
  payInsCents: 0,
  cashRefundsCents: 0,
  cashExpensesCents: 0,
  payOutsCents: 0,
};
const session: DrawerSessionRow = {
  id: 's1',
  version: 3,
  deleted: false,
  updatedAt: '2026-11-27T18:00:00.000Z',
  receivedAt: '2026-11-27T18:00:00.000Z',
  clockAheadMs: 0,
  register: 'DCNT1',
  status: 'closed',
  floatCents: 500_000,
  createdAt: '2026-11-27T08:00:00.000Z',
  openedById: 'u1',
  openedBy: 'Kamal',
  closedAt: '2026-11-27T18:00:00.000Z',
  closedById: 'u1',
  closedBy: 'Kamal',
  zNumber: 'Z-DCNT1-00004',
  countJson: '{}',
  countedCents: 620_000,
  expectedCents: 620_000,
  differenceCents: 0,
  differenceReason: '',
  takingsJson: '',
  reviewState: '',
  reviewReason: '',
};
const data = (kind: 'X' | 'Z', registerNames: Record<string, string>): DrawerReportData => ({
  kind,
  session: { ...session, status: kind === 'X' ? 'open' : 'closed' },
  report: { takings, byMethod: [{ method: 'Cash', cents: 120_000 }] },
  expectedCents: 620_000,
  count: {},
  moves: [],
  takenWhileClosed: [{ id: 'p1', createdAt: '2026-11-26T18:30:00.000Z', invoiceNo: 'INV-DCNT1-00006', userName: 'Kamal', amountCents: 68_300 }],
  company: null,
  printedAt: '2026-11-27T17:00:00.000Z',
  registerNames,
});
const text = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(element).replace(/<[^>]+>/g, ' ');

describe('X and Z reports', () => {
  // Issue 47: cash taken with the drawer closed is a line of the report, and A4 lists each payment.
  it.each(['X', 'Z'] as const)('%s lists the cash taken while the drawer was closed', (kind) => {
    const report = { takings: { ...takings, closedCashCents: 68_300 }, byMethod: [] };
    expect(text(createElement(DrawerReportDocument, { data: { ...data(kind, {}), report } }))).toMatch(/Cash taken while closed\s+Rs\. 683\.00/);
    expect(text(createElement(DrawerReportDocument, { data: data(kind, {}) }))).toMatch(/INV-DCNT1-00006\s+Kamal\s+Rs\. 683\.00/);
    expect(text(createElement(DrawerReportSlip, { data: { ...data(kind, {}), report } }))).toMatch(/Cash taken while closed\s+Rs\. 683\.00/);
  });

  it.each(['X', 'Z'] as const)('%s on A4 and on the 80 mm roll name the register beside its code', (kind) => {
    for (const document of [DrawerReportDocument, DrawerReportSlip]) {
      expect(text(createElement(document, { data: data(kind, { DCNT1: 'Counter 1' }) }))).toMatch(/Register\s+DCNT1 \(Counter 1\)/);
      expect(text(createElement(document, { data: data(kind, {}) }))).toMatch(/Register\s+DCNT1\s/);
    }
  });
});
