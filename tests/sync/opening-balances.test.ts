// Opening balances across devices (issue 43, recordOpeningBalance): an import made offline holds the
// invoice at once and reaches the server once; two devices importing the same book offline end with
// one record (the second's guesses dropped), and every device equals the server.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest, type Device } from './harness';
import { openingBalanceMethod } from '@shared/domain/opening-balance';

const random = new Random(43_2026);
const bed = freshServerEachTest(random);

async function expectAllEqualServer(...on: Device[]) {
  const expected = await bed.server.mirror();
  for (const d of on) expect(await d.mirror(), `${d.name} equals the server`).toEqual(expected);
}

const opening = (customerId: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  customerId,
  invoiceNo: 'A/2024/0091',
  date: '2025-03-01',
  dueDate: '2025-03-31',
  total: '4500.00',
  paid: '1000',
  paymentId: randomUUID(),
  note: '',
  ...extra,
});

describe('recordOpeningBalance on devices', () => {
  it('is held offline at once, sent once, and the same number from a second device is the same record', async () => {
    const office = bed.device('office');
    const laptop = bed.device('laptop');
    const customerId = (
      await office.run('createCustomer', {
        id: randomUUID(),
        customerName: 'කමල් සිල්වා',
        email: 'kamal@example.com',
        phone: '0712345678',
        address: 'Kandy',
        vehicles: [{ make: 'Toyota', model: 'Axio', year: 2016, licensePlate: 'CAB-1234', vin: '' }],
      })
    ).args.id as string;
    await office.syncClean();
    await laptop.syncClean();

    office.net.offline = true;
    laptop.net.offline = true;
    const first = opening(customerId);
    await office.run('recordOpeningBalance', first);
    expect(await office.db.invoices.get(first.id)).toMatchObject({ invoiceNo: 'OB-A/2024/0091', openingBalance: true, dueCents: 350_000, dueDate: '2025-03-31' });
    expect(await office.db.payments.get(first.paymentId)).toMatchObject({ method: openingBalanceMethod, amountCents: 100_000, register: '' });
    // Run again on the same device: nothing new is written or queued as a change of the books.
    await office.run('recordOpeningBalance', opening(customerId));
    expect(await office.db.invoices.where('invoiceNo').equals('OB-A/2024/0091').count()).toBe(1);

    // The laptop imports the same book before it has heard of the first.
    const second = opening(customerId, { total: '4500' });
    await laptop.run('recordOpeningBalance', second);
    office.net.offline = false;
    laptop.net.offline = false;
    await office.syncClean();
    await laptop.syncClean();
    await office.syncClean();

    const stored = await bed.server.mirror();
    expect(stored.invoices.filter((row) => row.invoiceNo === 'OB-A/2024/0091').map((row) => row.id)).toEqual([first.id]);
    expect(stored.payments.map((row) => row.id)).toEqual([first.paymentId]);
    expect(await laptop.db.invoices.get(second.id)).toBeUndefined();
    expect(await laptop.db.payments.get(second.paymentId)).toBeUndefined();
    await expectAllEqualServer(office, laptop);
  });
});
