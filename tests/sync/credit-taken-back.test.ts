// A correction of an overpaid invoice takes back the customer's credit it made (issue 26): when that
// credit was spent on another register meanwhile, the correction made offline still stands on the
// server and is raised for review (the customer owes what was spent); once the device knows the
// credit is gone, it refuses the correction in words and queues nothing.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, customerWithVehicle, freshServerEachTest } from './harness';
import { customerCreditOnDevice } from '@/db/customer-credit';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { paymentMessages } from '@shared/schemas/payment';
import { customerCreditOf } from '@server/sales/customer-credit';

const bed = freshServerEachTest(new Random(26_1201));

/** Two registers that both know a customer with Rs. 300 of credit: Rs. 3,000 handed over for a Rs. 2,700 sale, the rest kept. */
async function overpaidCustomer() {
  const office = await bed.register('office');
  const counter = await bed.register('counter');
  const customerId = (await office.run('createCustomer', customerWithVehicle({ email: true }))).args.id as string;
  const overpaid = await office.sell({ customerId, lines: [{ kind: 'service', refId: null, name: 'Service', quantity: 1, unitPrice: 2700 }], tendered: 3000, keepExcess: true });
  await office.syncClean();
  await counter.syncClean();
  return { office, counter, customerId, overpaid };
}

describe('a correction that takes back credit already spent', () => {
  it('made offline while another register spent the credit: recorded and reviewed; once known, refused on the device', async () => {
    const { office, counter, customerId, overpaid } = await overpaidCustomer();
    expect(await customerCreditOnDevice(counter.db, customerId)).toBe(30_000);

    office.net.offline = true;
    counter.net.offline = true;
    // The counter spends the credit on a wash; the office, not knowing, corrects the Rs. 3,000 to Rs. 2,700.
    await counter.sell({ customerId, lines: [{ kind: 'service', refId: null, name: 'Wash', quantity: 1, unitPrice: 300 }], method: customerCreditMethod, tendered: 300 });
    const correction = { invoiceId: overpaid.args.id, date: '2026-12-01', method: 'Cash', amount: -300, note: 'Rs. 2,700 was handed over, not Rs. 3,000' };
    await office.run('recordPayment', { id: randomUUID(), ...correction });
    counter.net.offline = false;
    office.net.offline = false;
    await counter.syncClean();
    await office.syncClean();

    const invoice = await bed.server.db.$client.prepare('SELECT reviewState, reviewReason, paidCents FROM invoices WHERE id = ?').get(overpaid.args.id);
    expect(invoice).toEqual({
      reviewState: 'open',
      reviewReason: 'A correction took back Rs. 300.00 paid beyond what this invoice owes, when Rs. 300.00 of that customer credit had already been spent: the customer owes it.',
      paidCents: 270_000,
    });
    expect(await customerCreditOf(bed.server.db, customerId)).toBe(-30_000);
  });

  it('known to the device: refused in words, nothing queued; a correction of what was not spent goes through', async () => {
    const { office, counter, customerId, overpaid } = await overpaidCustomer();
    // Rs. 200 of the Rs. 300 spent at the counter, and the office hears of it.
    await counter.sell({ customerId, lines: [{ kind: 'service', refId: null, name: 'Wash', quantity: 1, unitPrice: 200 }], method: customerCreditMethod, tendered: 200 });
    await counter.syncClean();
    await office.syncClean();
    expect(await customerCreditOnDevice(office.db, customerId)).toBe(10_000);

    office.net.offline = true;
    const queued = await office.outboxSize();
    const correction = { invoiceId: overpaid.args.id, date: '2026-12-01', method: 'Cash', note: 'Rs. 2,700 was handed over, not Rs. 3,000' };
    await expect(office.run('recordPayment', { id: randomUUID(), ...correction, amount: -300 })).rejects.toThrow(paymentMessages.creditAlreadySpent('Rs. 200.00'));
    expect(await office.outboxSize()).toBe(queued);
    expect(await customerCreditOnDevice(office.db, customerId)).toBe(10_000);
    // The Rs. 100 still left as credit may be taken back.
    await office.run('recordPayment', { id: randomUUID(), ...correction, amount: -100 });
    expect(await customerCreditOnDevice(office.db, customerId)).toBe(0);
    office.net.offline = false;
    await office.syncClean();
    expect(await customerCreditOf(bed.server.db, customerId)).toBe(0);
    expect(await bed.server.db.$client.prepare('SELECT reviewState FROM invoices WHERE id = ?').get(overpaid.args.id)).toEqual({ reviewState: '' });
  });
});
