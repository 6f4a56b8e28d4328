// The hostile Staff member's register, offline, exports its unsent changes for an Admin to send
// (issue 28; issue 42, point 1), and the file is edited on its way: an amount changed, the entries
// moved to a Manager's name, an entry dropped, an entry re-signed under the Manager's id with the
// Staff member's own key. The Admin's check refuses each whole (422), sending it too, and nothing is
// applied. Now and then the Admin sends the file as it was exported: applied once, as its author's.
import { count, expectAnswer, newCustomerArgs, runOn, saleOf, type Shop } from './shop';
import { outboxFileOf } from '@/features/sync-status/api/export-outbox';
import { localDay } from '@shared/domain/dashboard';
import { outboxFileWords, readOutboxFile, type OutboxFile } from '@shared/sync/outbox-file';
import { entrySigningText, fileSigningText } from '@shared/sync/entry-signature';
import { hmacHex } from '@server/sync/signing-keys';

type Entry = OutboxFile['entries'][number];

/** Its unsent changes as the Admin's device reads the file back. */
async function exported(shop: Shop): Promise<OutboxFile> {
  const read = readOutboxFile(JSON.stringify(await outboxFileOf(shop.hostile.db, shop.users.hostile.author)));
  if ('problem' in read) throw new Error(read.problem);
  return read.file;
}

/** An amount of the entry made ten times bigger (its signature left as it was). */
function withAmountChanged(entry: Entry): Entry {
  const args = structuredClone(entry.args) as Record<string, any>;
  if (args.amount !== undefined) args.amount = Number(args.amount) * 10;
  else if (args.payment) args.payment.tendered = Number(args.payment.tendered) * 10 + 1;
  else args.note = 'changed';
  return { ...entry, args };
}

/** The four edits of the brief: each must be refused whole. `sendable`: whether the Admin's device would get as far as sending it. */
function editsOf(shop: Shop, file: OutboxFile): { what: string; file: OutboxFile; sendable: boolean }[] {
  const staffKey = shop.users.hostile.author.signingKey!;
  const manager = shop.users.manager.author.id;
  const at = shop.random.int(0, file.entries.length - 1);
  const entries = file.entries;
  const { signature: _signature, ...header } = file;
  const resigned = { ...entries[at]!, id: shop.id(), authorId: manager };
  const resignedEntries = [{ ...resigned, signature: hmacHex(staffKey, entrySigningText(resigned)) }];
  return [
    { what: 'an amount changed', file: { ...file, entries: entries.map((entry, i) => (i === at ? withAmountChanged(entry) : entry)) }, sendable: true },
    { what: "the entries moved to a Manager's name", file: { ...file, entries: entries.map((entry) => ({ ...entry, authorId: manager })) }, sendable: true },
    // Each entry left keeps its signature: only the file's own tells that one is missing, so the
    // Admin's check refuses it and the Admin never sends it (tests/sync/outbox-file.test.ts).
    { what: 'an entry dropped', file: { ...file, entries: entries.filter((_, i) => i !== at) }, sendable: false },
    {
      what: "an entry re-signed under the Manager's id with the Staff member's key",
      file: { ...header, entries: resignedEntries, signature: hmacHex(staffKey, fileSigningText({ ...header, entries: resignedEntries })) },
      sendable: true,
    },
  ];
}

export async function editedImport(shop: Shop): Promise<void> {
  const d = shop.hostile;
  const { admin } = shop.users;
  // Whatever it queued before goes out first: an entry edited in the outbox is an edited file already.
  await d.syncClean();
  d.net.offline = true;
  try {
    const customer = newCustomerArgs(shop);
    if (await runOn(shop, d, 'createCustomer', customer)) shop.hostileCustomers.push(customer.id);
    const lines = [{ kind: 'service' as const, refId: null, name: 'Brake service', quantity: 1, unitPrice: shop.random.int(100, 50_000) }];
    await runOn(shop, d, 'checkoutSale', saleOf(shop, await d.nextInvoiceNo(), { customerId: customer.id, lines, method: 'Cash' }));
    await runOn(shop, d, 'recordExpense', { id: shop.id(), date: localDay(new Date()), category: 'Tools', amount: shop.random.int(100, 20_000), paidFrom: 'Bank', note: '' });
    const file = await exported(shop);
    const applied = async () => ((await shop.server.db.$client.prepare('SELECT COUNT(*) AS n FROM applied_mutations').get()) as { n: number }).n;
    const send = async (sent: OutboxFile) =>
      shop.forger.timedPush(admin, {
        clientId: sent.clientId,
        deviceCode: sent.deviceCode,
        imported: true,
        mutations: sent.entries.map(({ authorName: _name, ...entry }) => entry),
      });
    for (const edit of editsOf(shop, file)) {
      const before = await applied();
      const checked = await shop.forger.call(admin, 'POST', '/api/sync/import/check', edit.file);
      expectAnswer(shop, `the Admin's check of a file with ${edit.what}`, [checked.status, (checked.json as { message?: string }).message], [422, outboxFileWords.edited]);
      if (edit.sendable) {
        const sent = await send(edit.file);
        expectAnswer(shop, `sending a file with ${edit.what}`, [sent.status, (sent.json as { message?: string }).message], [422, outboxFileWords.edited]);
      }
      expectAnswer(shop, `mutations applied from a file with ${edit.what}`, (await applied()) - before, 0);
      count(shop, 'editedImportRefused');
    }
    if (shop.random.chance(0.3)) {
      // As exported: checked, sent, applied as its author's; the register sending it later changes nothing.
      expectAnswer(shop, 'the check of the file as exported', (await shop.forger.call(admin, 'POST', '/api/sync/import/check', file)).status, 200);
      const sent = await send(file);
      const results = (sent.json as { results?: { status: string }[] }).results ?? [];
      expectAnswer(shop, 'the file as exported, sent', [sent.status, ...results.map((result) => result.status)], [200, ...file.entries.map(() => 'applied')]);
      count(shop, 'importSent');
    }
  } finally {
    d.net.offline = false;
  }
}
