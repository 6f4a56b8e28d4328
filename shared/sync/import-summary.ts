import { findMutation } from '../mutations/definitions';
import { toCents } from '../domain/money';

// What an exported file does, for the Admin to read before sending it (issue 42, point 1): how many
// changes of each kind, by whom, and the money in them. Worked out by the server after it has checked
// the file's signatures (server/src/sync/import-check.ts), from the arguments as each mutation's
// schema reads them: the same figures the applies will see.

/** The kinds of money an import can carry, in the order the summary lists them. */
export const importMoneyKinds = ['Sales', 'Payments', 'Refunds', 'Expenses', 'Drawer floats', 'Pay-ins', 'Pay-outs'] as const;
export type ImportMoneyKind = (typeof importMoneyKinds)[number];

type Args = Record<string, unknown>;
const rupees = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? toCents(value) : 0);

const moneyOf: Partial<Record<string, (args: Args) => [ImportMoneyKind, number][]>> = {
  checkoutSale: (args) => [['Sales', rupees(args.total)]],
  recordPayment: (args) => [['Payments', rupees(args.amount)]],
  recordBulkPayment: (args) => [['Payments', rupees(args.amount)]],
  returnSale: (args) => [['Refunds', rupees(args.refund)]],
  recordExpense: (args) => [['Expenses', rupees(args.amount)]],
  openDrawer: (args) => [['Drawer floats', rupees(args.float)]],
  moveDrawerCash: (args) => [[args.kind === 'payOut' ? 'Pay-outs' : 'Pay-ins', rupees(args.amount)]],
};

/** The money one change carries, by kind (cents); nothing for a change that moves none or cannot be read. */
export function moneyInChange(name: string, rawArgs: unknown): [ImportMoneyKind, number][] {
  const read = moneyOf[name];
  const parsed = read ? findMutation(name)?.schema.safeParse(rawArgs) : undefined;
  if (!read || !parsed?.success) return [];
  return read(parsed.data as Args).filter(([, cents]) => cents !== 0);
}

export interface ImportSummary {
  changes: number;
  clientId: string;
  deviceCode: string | null;
  exportedBy: string;
  exportedAt: string;
  /** Changes by operation name, most first. */
  kinds: { name: string; count: number }[];
  /** Changes by author, as this server knows them now (an unknown or deactivated author's are not applied). */
  authors: { id: string; name: string; role: string | null; active: boolean; known: boolean; count: number }[];
  /** The money in the changes, by kind, in cents. */
  money: { kind: ImportMoneyKind; cents: number }[];
}
