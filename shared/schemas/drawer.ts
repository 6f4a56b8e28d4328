import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { bounds, numberField } from './numbers';
import { zReportNoPattern } from '../domain/invoice-number';
import { countProblem, type DrawerCount, type DrawerTakings } from '../domain/cash-drawer';
import type { FactTimes } from '../domain/device-time';
import type { SaleReviewState } from '../domain/sale-review';

/** The cash drawer's words (issue 27; the spec has none). */
export const drawerWords = {
  noRegister: 'This register has no code yet. Connect it to the server once, then open its drawer.',
  alreadyOpen: "This register's drawer is already open. Close it before opening another session.",
  notOpen: "This register's drawer is not open. Open it with the float first.",
  otherRegister: 'A drawer is opened, counted and closed at its own register.',
  float: 'Please enter the float counted into the drawer (0 or more).',
  amount: 'Please enter a valid amount greater than 0.',
  moveReason: 'Please say why the cash went in or out.',
  zNumber: 'The Z report number must look like Z-<register code>-00001.',
  count: 'Please count the drawer.',
  differenceReason: 'The count differs from what was expected: say why.',
  expectedChanged: (now: string) => `The drawer's expected cash changed to ${now} while it was counted. Check the count again.`,
  /** Said wherever cash is taken while the register's drawer is not open (issue 47: warn, never refuse). */
  closedNotice: "This register's drawer is not open: cash taken now is counted when it is next opened, as taken while closed.",
  openButton: 'Open drawer',
  /** On opening: what the register took while the drawer was closed, which this session counts. */
  takenWhileClosed: (payments: number) =>
    `taken in cash on this register while its drawer was closed (${payments === 1 ? '1 payment' : `${payments} payments`}). Count the float without it, then put it in the drawer: the session opened now expects it, as taken while closed.`,
  recordedOpen: 'Drawer opened.',
  recordedClose: (zNumber: string) => `Drawer closed: Z report ${zNumber}.`,
} as const;

export const drawerReviewReasons = {
  openedTwice: (other: string) => `Opened while this register's session of ${other} was still open on the server.`,
  closedTwice: (zNumber: string) => `Closed again as ${zNumber} after the session had been closed: the later count is not the session's.`,
  expectedDiffers: (printed: string, server: string) => `The register expected ${printed} in the drawer; the server's records give ${server}.`,
  moveOutsideSession: 'Cash moved in or out after its session was closed: not counted in its Z report.',
  zNumberUsed: (printed: string) => `Printed as ${printed}, a number another Z report already had, or another register's.`,
  payOutBeyondCash: (amount: string, expected: string) => `A pay-out of ${amount} was more than the ${expected} the server's records say the drawer held then.`,
  differenceWithoutReason: (difference: string) => `The count differs from what was expected by ${difference}, and no reason was given.`,
  closedBeforeItsRecords: (closedAt: string, latest: string) =>
    `Closed at ${closedAt} by the register's clock, before the session's own records up to ${latest}: the Z report counts them.`,
  /** The last sentence of a reason cut to its length (shared/domain/drawer-review.ts). */
  moreNotShown: (count: number) => `More reasons not shown: ${count}.`,
} as const;

/** The reasons judged again as records arrive (shared/domain/drawer-review.ts), recognised by their words above. */
export const rejudgedDrawerReasons = {
  expectedDiffers: /^The register expected .* in the drawer; the server's records give .*\.$/,
  openedTwice: /^Opened while this register's session of .* was still open on the server\.$/,
  payOutBeyondCash: /^A pay-out of .* was more than the .* the server's records say the drawer held then\.$/,
} as const;

/**
 * Open a register's drawer with the float counted into it. The register and the time are the
 * device's own (Occurred: its code, and when it happened in the server's clock), never arguments.
 */
export const openDrawerSchema = z.object({
  id: idSchema,
  float: numberField({ ...bounds.money, message: drawerWords.float }),
});

/** Pay in (change brought from the bank) or pay out (cash taken to the bank), with a reason. */
export const moveDrawerCashSchema = z.object({
  id: idSchema,
  sessionId: idSchema,
  kind: z.enum(['payIn', 'payOut'], { error: 'Say whether the cash went in or out.' }),
  amount: numberField({ min: 0.01, max: bounds.money.max, message: drawerWords.amount }),
  reason: z.string({ error: drawerWords.moveReason }).trim().min(1, drawerWords.moveReason).max(200, 'A reason has at most 200 characters.'),
});

/**
 * Close a session: the blind count by denomination, the Z report's number (the register's), what the
 * register expected (as printed on the Z report) and the reason for a difference.
 */
export const closeDrawerSchema = z.object({
  sessionId: idSchema,
  zNumber: z.string({ error: drawerWords.zNumber }).trim().regex(zReportNoPattern, drawerWords.zNumber),
  count: z
    .record(z.string(), z.unknown(), { error: drawerWords.count })
    .superRefine((count, context) => {
      const problem = countProblem(count);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((count) => count as DrawerCount),
  /** What the register showed as expected, in rupees, after the count (what the Z report prints). */
  expected: numberField({ min: -bounds.money.max, max: bounds.money.max, message: 'The expected cash must be a number.' }),
  differenceReason: optionalText(300, 'Reason', { multiline: true }),
});

export interface DrawerSessionRow extends FactTimes {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  /** The register (device code) whose drawer it is. */
  register: string;
  status: 'open' | 'closed';
  floatCents: number;
  /** When it was opened (the server's clock), and by whom. */
  createdAt: string;
  openedById: string;
  openedBy: string;
  closedAt: string | null;
  closedById: string | null;
  closedBy: string;
  zNumber: string;
  /** The count by denomination (cents → pieces), as JSON; '' while open. */
  countJson: string;
  countedCents: number;
  expectedCents: number;
  differenceCents: number;
  differenceReason: string;
  /** The Z report's lines (DrawerTakings and the totals by method), as JSON; '' while open. */
  takingsJson: string;
  reviewState: SaleReviewState;
  reviewReason: string;
}

export interface DrawerMoveRow extends FactTimes {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  sessionId: string;
  register: string;
  kind: 'payIn' | 'payOut';
  amountCents: number;
  reason: string;
  userId: string;
  userName: string;
  createdAt: string;
}

/** What a Z report prints beyond the session's own fields. */
export interface ZReportTakings {
  takings: DrawerTakings;
  byMethod: { method: string; cents: number }[];
}
