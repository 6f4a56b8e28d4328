// The role table of decisions.md, written once: the server enforces it, the client hides what it refuses.
export const roles = ['Admin', 'Manager', 'Staff'] as const;
export type Role = (typeof roles)[number];

const everyone: readonly Role[] = roles;
const managers: readonly Role[] = ['Admin', 'Manager'];

export const permissionTable = {
  operate: everyone, // job cards, sales register, customers add/edit, due list payments
  viewCatalog: everyone, // inventory, services, categories, reports
  quickAddItem: everyone,
  editCatalog: managers, // add, edit, delete items, services, categories
  deleteRecords: managers, // delete customers, job cards
  editCompany: managers,
  correctPayments: managers, // a negative payment with its reason (decisions.md, payments)
  reopenJobs: managers, // a finished job without an invoice back to Open
  returnAnySale: managers, // a return of a sale older than 30 days, or a part scrapped (shared/domain/returns.ts)
  reviewSales: managers, // the sales recorded with a conflict (shared/domain/sale-review.ts): their list and 'Mark as reviewed'
  viewFinancials: managers, // what the shop spends and makes: the Expenses report (Staff record expenses, they do not report on them), every register's cash (shared/sync/read-scope.ts)
  readCostPrices: managers, // cost prices and anything derived from them (shared/sync/read-scope.ts)
  purchase: managers, // suppliers, purchase orders and their costs, supplier bills and payments, returns to a supplier (issue 44)
  receiveGoods: everyone, // a delivery counted in against an order, by scanning: quantities only, never costs (issue 44)
  recordOpeningBalances: managers, // what customers owed before the move, as invoices of the opening series (issue 43)
  manageStaff: ['Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissionTable;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  return !!role && (permissionTable[permission] as readonly Role[]).includes(role);
}
