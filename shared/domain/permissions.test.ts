import { describe, expect, it } from 'vitest';
import { can, type Permission, type Role } from './permissions';

// The role table of decisions.md, row by row.
const table: [Permission, Record<Role, boolean>][] = [
  ['operate', { Admin: true, Manager: true, Staff: true }],
  ['viewCatalog', { Admin: true, Manager: true, Staff: true }],
  ['quickAddItem', { Admin: true, Manager: true, Staff: true }],
  ['editCatalog', { Admin: true, Manager: true, Staff: false }],
  ['deleteRecords', { Admin: true, Manager: true, Staff: false }],
  ['editCompany', { Admin: true, Manager: true, Staff: false }],
  ['correctPayments', { Admin: true, Manager: true, Staff: false }],
  ['reopenJobs', { Admin: true, Manager: true, Staff: false }],
  ['viewFinancials', { Admin: true, Manager: true, Staff: false }],
  ['readCostPrices', { Admin: true, Manager: true, Staff: false }],
  ['purchase', { Admin: true, Manager: true, Staff: false }],
  ['receiveGoods', { Admin: true, Manager: true, Staff: true }],
  ['recordOpeningBalances', { Admin: true, Manager: true, Staff: false }],
  ['manageStaff', { Admin: true, Manager: false, Staff: false }],
];

describe('can(role, permission)', () => {
  for (const [permission, byRole] of table) {
    it.each(Object.entries(byRole))(`${permission}: %s → %s`, (role, allowed) => {
      expect(can(role as Role, permission)).toBe(allowed);
    });
  }
  it('refuses without a role', () => expect(can(undefined, 'operate')).toBe(false));
});
