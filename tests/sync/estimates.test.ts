// Estimates across devices (issue 45): made and decided offline on a tablet, the approved lines a job
// card with the same ids and prices; a decision meets an edit another device made offline (facts
// stand: the decision is kept and the conflict shown on the estimate; an edit arriving after a
// decision is refused to its author in words).
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, customerWithVehicle, freshServerEachTest, type Device } from './harness';
import { decisionArgs } from '@shared/mutations/estimates';
import { estimateMessages, type EstimateLineRow, type EstimateRow } from '@shared/schemas/estimate';
import { ValidationError } from '@/sync/local-mutation';

const bed = freshServerEachTest(new Random(45_2026));
let numbers = 0;

function line(name: string, quantity: number, unitPrice: number, kind: 'item' | 'service' = 'service') {
  return { id: randomUUID(), kind, refId: null, name, quantity, unitPrice, warranty: '' };
}

async function estimateOn(d: Device, lines: ReturnType<typeof line>[]) {
  const customer = await d.run('createCustomer', { ...customerWithVehicle(), email: `e${numbers}@example.com` });
  numbers += 1;
  const created = await d.run('createEstimate', {
    id: randomUUID(),
    estimateNumber: `EST-DTEST-${String(numbers).padStart(5, '0')}`,
    customerId: customer.args.id as string,
    vehicleLicensePlate: 'cab-4501',
    vehicleMake: 'Toyota',
    vehicleModel: 'Axio',
    currentMileage: 84_000,
    validUntil: '2026-12-31',
    notes: 'Brake noise',
    lines,
  });
  return created.args.id as string;
}

async function decide(d: Device, estimateId: string, decisions: Record<string, 'approved' | 'declined'>) {
  const estimate = (await d.db.estimates.get(estimateId)) as EstimateRow;
  const lines = (await d.db.estimateLines.where('estimateId').equals(estimateId).toArray()) as EstimateLineRow[];
  const jobId = randomUUID();
  await d.run('decideEstimate', decisionArgs(estimate, lines, decisions, { id: jobId, dateIn: '2026-12-01T09:00:00.000Z' }));
  return jobId;
}

describe('an estimate decided offline', () => {
  it('becomes a job card of the approved lines, keeping their ids and prices; the declined line stays declined', async () => {
    const tablet = bed.device('tablet');
    tablet.net.offline = true;
    const lines = [line('Brake pad replacement', 1, 4500), line('Front brake pads', 1, 8500, 'item'), line('Wheel alignment', 1, 3000)];
    const estimateId = await estimateOn(tablet, lines);
    const jobId = await decide(tablet, estimateId, { [lines[0]!.id]: 'approved', [lines[1]!.id]: 'declined', [lines[2]!.id]: 'approved' });
    expect((await tablet.db.jobLines.where('jobCardId').equals(jobId).toArray()).map((row) => row.id).sort()).toEqual([lines[0]!.id, lines[2]!.id].sort());

    tablet.net.offline = false;
    await tablet.syncClean();
    expect(await tablet.db.problems.toArray()).toEqual([]);
    const server = await bed.server.mirror();
    expect(server.estimates.find((row) => row.id === estimateId)).toMatchObject({ status: 'Decided', jobCardId: jobId, reviewState: '' });
    expect(server.jobCards.find((row) => row.id === jobId)).toMatchObject({ jobNumber: 'JOB-0001', vehicleLicensePlate: 'CAB-4501' });
    const jobLines = server.jobLines.filter((row) => row.jobCardId === jobId);
    expect(jobLines.map((row) => [row.id, row.unitPriceCents]).sort()).toEqual(
      [
        [lines[0]!.id, 450_000],
        [lines[2]!.id, 300_000],
      ].sort(),
    );
    expect(server.estimateLines.find((row) => row.id === lines[1]!.id)).toMatchObject({ decision: 'declined' });
    expect(await tablet.mirror()).toEqual(await bed.server.mirror());
  });

  it('an estimate of no lines, or a line of quantity 0, is refused on the device with its message, nothing written', async () => {
    const tablet = bed.device('tablet');
    await expect(estimateOn(tablet, [])).rejects.toThrow(estimateMessages.noLines);
    await expect(estimateOn(tablet, [line('Labour', 0, 100)])).rejects.toThrow(ValidationError);
    expect(await tablet.db.estimates.count()).toBe(0);
    expect(await tablet.outboxSize()).toBe(2); // the two customers only
  });
});

describe('a decision and an edit made offline on two devices (facts stand)', () => {
  it('the edit arriving first: the decision is kept, and the estimate shows the conflict', async () => {
    const counter = bed.device('counter');
    const tablet = bed.device('tablet');
    const lines = [line('Oil change', 1, 2500), line('Oil filter', 1, 1200, 'item')];
    const estimateId = await estimateOn(counter, lines);
    await counter.syncClean();
    await tablet.syncClean();

    tablet.net.offline = true;
    const jobId = await decide(tablet, estimateId, { [lines[0]!.id]: 'approved', [lines[1]!.id]: 'approved' });
    await counter.run('updateEstimate', { id: estimateId, changeLines: [{ id: lines[1]!.id, unitPrice: 1500 }] });
    await counter.syncClean();
    tablet.net.offline = false;
    await tablet.syncClean();
    await counter.syncClean();

    expect(await tablet.db.problems.toArray()).toEqual([]);
    const estimate = (await bed.server.mirror()).estimates.find((row) => row.id === estimateId)!;
    expect(estimate).toMatchObject({ status: 'Decided', jobCardId: jobId, reviewState: 'open' });
    expect(String(estimate.reviewReason)).toContain('the job card holds the lines as the customer approved them');
    // The job holds what the customer approved: the filter at Rs. 1,200, not the later Rs. 1,500.
    expect((await bed.server.mirror()).jobLines.find((row) => row.id === lines[1]!.id)).toMatchObject({ unitPriceCents: 120_000 });
    expect(await counter.mirror()).toEqual(await bed.server.mirror());
  });

  it('the decision arriving first: the later edit is refused to its author, and the decision stands', async () => {
    const counter = bed.device('counter');
    const tablet = bed.device('tablet');
    const lines = [line('Oil change', 1, 2500)];
    const estimateId = await estimateOn(counter, lines);
    await counter.syncClean();
    await tablet.syncClean();

    counter.net.offline = true;
    await counter.run('updateEstimate', { id: estimateId, notes: 'Customer asks for synthetic oil' });
    const jobId = await decide(tablet, estimateId, { [lines[0]!.id]: 'approved' });
    await tablet.syncClean();
    counter.net.offline = false;
    await counter.syncClean();

    const problems = await counter.db.problems.toArray();
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain(estimateMessages.decided);
    expect((await bed.server.mirror()).estimates.find((row) => row.id === estimateId)).toMatchObject({ status: 'Decided', jobCardId: jobId, notes: 'Brake noise' });
    expect(await counter.mirror()).toEqual(await bed.server.mirror());
  });
});
