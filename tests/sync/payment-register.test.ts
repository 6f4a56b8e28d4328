// Every payment records the register that took it (issue 27: a cash-up counts its own drawer): the
// device writes its own code at once, offline too, and the server records the code it gave that
// device, whatever the device holds; over REST a payment has no register (server/test/sales.test.ts).
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest } from './harness';
import { nextCreditNoteNo } from '@/sync/invoice-numbers';

const random = new Random(27_2026);
const bed = freshServerEachTest(random);
const register = bed.register;

const registerOf = async (paymentId: string) =>
  ((await bed.server.db.$client.prepare('SELECT register FROM payments WHERE id = ?').get(paymentId)) as { register: string } | undefined)?.register;

describe('the register of a payment', () => {
  it('a sale, a payment on an invoice and a refund made offline carry their register on the device and the server', async () => {
    const a = await register('counter');
    const codeA = await a.ensureDeviceCode(); // stored at registering: no request
    const b = await register('tablet');
    const codeB = await b.ensureDeviceCode();
    expect(codeA).not.toBe(codeB);
    const customerId = (
      await a.run('createCustomer', {
        id: randomUUID(),
        customerName: 'Nimal Perera',
        email: 'nimal@example.com',
        phone: '0771234567',
        address: '12 Galle Road',
        vehicles: [{ make: 'Toyota', model: 'Axio', year: 2016, licensePlate: 'CAB-1234', vin: '' }],
      })
    ).args.id as string;
    await a.syncClean();
    await b.syncClean();

    a.net.offline = true;
    b.net.offline = true;
    const sale = await a.sell({ customerId, lines: [{ kind: 'service', refId: null, name: 'Oil change', quantity: 1, unitPrice: 2500 }], tendered: 1000 });
    const salePaymentId = (sale.args.payment as { id: string }).id;
    expect((await a.db.payments.get(salePaymentId))?.register).toBe(codeA);
    a.net.offline = false;
    await a.syncClean();
    b.net.offline = false;
    await b.syncClean();
    b.net.offline = true;
    // The rest paid on the tablet offline, from the Due List.
    const onInvoice = await b.run('recordPayment', { id: randomUUID(), invoiceId: sale.args.id, date: '2026-11-27', method: 'Cash', amount: 1500, note: '' });
    expect((await b.db.payments.get(onInvoice.args.id as string))?.register).toBe(codeB);
    b.net.offline = false;
    await b.syncClean();
    // A refund at the counter.
    await a.syncClean();
    const line = (sale.args.lines as { id: string }[])[0]!;
    const back = await a.run('returnSale', {
      id: randomUUID(),
      creditNoteNo: await nextCreditNoteNo(a.db),
      invoiceId: sale.args.id,
      date: new Date().toISOString(),
      reason: 'Not needed',
      note: '',
      refundMethod: 'Cash',
      refundPaymentId: randomUUID(),
      refund: 2500,
      lines: [{ id: randomUUID(), invoiceLineId: line.id, itemId: null, quantity: 1, disposition: 'restock', supplierName: '' }],
    });
    await a.syncClean();

    expect(await registerOf(salePaymentId)).toBe(codeA);
    expect(await registerOf(onInvoice.args.id as string)).toBe(codeB);
    expect(await registerOf(back.args.refundPaymentId as string)).toBe(codeA);
    await b.syncClean();
    expect((await b.db.payments.get(salePaymentId))?.register).toBe(codeA);
  });

  it('the server records the code it gave the device, not one the device claims', async () => {
    const a = await register('counter');
    const code = await a.ensureDeviceCode();
    const customerId = (
      await a.run('createCustomer', {
        id: randomUUID(),
        customerName: 'Kasun Silva',
        email: 'kasun@example.com',
        phone: '0771234568',
        address: '1 Main Street',
        vehicles: [{ make: 'Honda', model: 'Fit', year: 2014, licensePlate: 'CAD-5678', vin: '' }],
      })
    ).args.id as string;
    // A device whose stored code was tampered with writes the wrong code locally; the server corrects it.
    await a.syncClean();
    const sale = await a.sell({ customerId, lines: [{ kind: 'service', refId: null, name: 'Wash', quantity: 1, unitPrice: 800 }], tendered: 0, method: 'Credit' });
    await a.syncClean();
    await a.db.syncState.put({ key: 'deviceCode', value: 'FORGED' });
    const paid = await a.run('recordPayment', { id: randomUUID(), invoiceId: sale.args.id, date: '2026-11-27', method: 'Cash', amount: 800, note: '' });
    expect((await a.db.payments.get(paid.args.id as string))?.register).toBe('FORGED');
    await a.syncClean();
    expect(await registerOf(paid.args.id as string)).toBe(code);
    expect((await a.db.payments.get(paid.args.id as string))?.register).toBe(code);
  });
});
