/**
 * Issue 47, point 3: cash a register takes while its drawer is closed (the tablet, its drawer never
 * opened) is counted by the session it opens next, as taken while closed and expected in the drawer,
 * on the real server and a real SQLite file: worked out from the server's own records at the close,
 * and again when such a payment, or the previous close, arrives late.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ago, useDrawerServer } from './drawer-helpers';
import { drawerReviewReasons } from '@shared/schemas/drawer';
import { formatZReportNo } from '@shared/domain/invoice-number';
import type { Json } from './helpers';

const minute = 60_000;
const hour = 60 * minute;
const d = useDrawerServer();
const takingsOf = async (id: string) => JSON.parse((await d.session(id)).takingsJson as string).takings as Json;

describe('cash taken while the drawer was closed', () => {
  it("before a register's first session: its Z report counts it, expected, and the register's figure stands", async () => {
    await d.sellOnA(2242, ago(3 * hour));
    await d.sellOnA(3540, ago(2 * hour));
    const id = await d.openA(5000, ago(hour));
    await d.sellOnA(1000, ago(30 * minute));
    await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 11_782, { 500_000: 2, 100_000: 1, 50_000: 1, 10_000: 2, 5_000: 1, 2_000: 1, 1_000: 1, 200: 1 }));
    expect(await takingsOf(id)).toMatchObject({ floatCents: 500_000, closedCashCents: 578_200, cashSalesCents: 100_000 });
    expect(await d.session(id)).toMatchObject({ expectedCents: 1_178_200, differenceCents: 0, reviewState: '' });
  });

  it('after the previous close: the next session counts it, the closed one does not', async () => {
    const first = await d.openA(5000, ago(5 * hour));
    await d.sellOnA(1000, ago(4 * hour));
    await d.pushA('closeDrawer', d.closeArgs(first, formatZReportNo(d.codeA, 1), 6000, { 500_000: 1, 100_000: 1 }), { createdAt: ago(3 * hour) });
    await d.sellOnA(683, ago(2 * hour));
    const second = await d.openA(5000, ago(hour));
    await d.pushA('closeDrawer', d.closeArgs(second, formatZReportNo(d.codeA, 2), 5683, { 500_000: 1, 50_000: 1, 10_000: 1, 5_000: 1, 2_000: 1, 1_000: 1, 200: 1, 100: 1 }));
    expect(await takingsOf(first)).toMatchObject({ closedCashCents: 0, cashSalesCents: 100_000 });
    expect(await d.session(first)).toMatchObject({ expectedCents: 600_000, reviewState: '' });
    expect(await takingsOf(second)).toMatchObject({ closedCashCents: 68_300, cashSalesCents: 0 });
    expect(await d.session(second)).toMatchObject({ expectedCents: 568_300, reviewState: '' });
  });

  it('a close that leaves it out (an older build) is raised: the server expects it in the drawer', async () => {
    await d.sellOnA(683, ago(2 * hour));
    const id = await d.openA(5000, ago(hour));
    await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 5000));
    expect(await d.session(id)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.expectedDiffers('Rs. 5,000.00', 'Rs. 5,683.00') });
  });

  it('taken while closed and arriving after the next close (another cashier sends later): the session is judged again', async () => {
    const id = await d.openA(5000, ago(hour));
    await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 5683, { 500_000: 1, 50_000: 1, 10_000: 1, 5_000: 1, 2_000: 1, 1_000: 1, 200: 1, 100: 1 }));
    expect(await d.session(id)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.expectedDiffers('Rs. 5,683.00', 'Rs. 5,000.00') });
    await d.sellOnA(683, ago(2 * hour));
    expect(await takingsOf(id)).toMatchObject({ closedCashCents: 68_300 });
    expect(await d.session(id)).toMatchObject({ reviewState: '', reviewReason: '' });
  });

  it('a previous close arriving after the next session closed moves where the cash taken while closed starts', async () => {
    const first = await d.openA(5000, ago(5 * hour));
    await d.sellOnA(1000, ago(4 * hour));
    await d.sellOnA(683, ago(2 * hour));
    const second = await d.openA(5000, ago(hour));
    // The next session is opened and closed before the first's close arrives: it was opened twice,
    // and counted nothing taken while closed.
    await d.pushA('closeDrawer', d.closeArgs(second, formatZReportNo(d.codeA, 2), 5683, { 500_000: 1, 50_000: 1, 10_000: 1, 5_000: 1, 2_000: 1, 1_000: 1, 200: 1, 100: 1 }));
    expect(await takingsOf(second)).toMatchObject({ closedCashCents: 0 });
    await d.pushA('closeDrawer', d.closeArgs(first, formatZReportNo(d.codeA, 1), 6000, { 500_000: 1, 100_000: 1 }), { createdAt: ago(3 * hour) });
    expect(await takingsOf(second)).toMatchObject({ closedCashCents: 68_300 });
    expect(await d.session(second)).toMatchObject({ expectedCents: 568_300, reviewState: '', reviewReason: '' });
  });

  it('taken while closed and arriving while an older session of the register is still open on the server: the next session is judged again', async () => {
    // The randomised run's seed 61123 on CI: a cashier's close of an older session had not arrived,
    // so the late payment fell in that still-open session and the session counting it was never asked.
    const older = await d.openA(5000, ago(6 * hour));
    const first = await d.openA(5000, ago(5 * hour));
    await d.pushA('closeDrawer', d.closeArgs(first, formatZReportNo(d.codeA, 2), 5000, { 500_000: 1 }), { createdAt: ago(4 * hour) });
    const second = await d.openA(5000, ago(hour));
    await d.pushA('closeDrawer', d.closeArgs(second, formatZReportNo(d.codeA, 3), 5683, { 500_000: 1, 50_000: 1, 10_000: 1, 5_000: 1, 2_000: 1, 1_000: 1, 200: 1, 100: 1 }));
    expect(await d.session(second)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.expectedDiffers('Rs. 5,683.00', 'Rs. 5,000.00') });
    await d.sellOnA(683, ago(2 * hour));
    expect(await takingsOf(second)).toMatchObject({ closedCashCents: 68_300 });
    expect(await d.session(second)).toMatchObject({ reviewState: '', reviewReason: '' });
    await d.pushA('closeDrawer', d.closeArgs(older, formatZReportNo(d.codeA, 1), 5000, { 500_000: 1 }), { createdAt: ago(5.5 * hour) });
    expect(await d.session(second)).toMatchObject({ expectedCents: 568_300, reviewState: '', reviewReason: '' });
  });

  it("cash taken on another register is not this drawer's", async () => {
    await d.sellOnA(683, ago(2 * hour));
    const id = randomUUID();
    await d.pushFrom('register-b', 'openDrawer', { id, float: 5000 }, { createdAt: ago(hour) });
    await d.pushFrom('register-b', 'closeDrawer', d.closeArgs(id, formatZReportNo(d.codeB, 1), 5000));
    expect(await takingsOf(id)).toMatchObject({ closedCashCents: 0 });
    expect(await d.session(id)).toMatchObject({ expectedCents: 500_000, reviewState: '' });
  });
});
