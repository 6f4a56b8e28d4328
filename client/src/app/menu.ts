import type { Permission } from '../../../shared/domain/permissions';
import { paths } from './paths';

export interface MenuLink {
  label: string;
  to: string;
  permission: Permission;
}
export interface MenuGroup {
  label: string;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

// Spec 2.3, in order. An entry a role may not open is hidden (decisions.md, Roles).
export const menu: MenuEntry[] = [
  { label: 'Dashboard', to: paths.dashboard, permission: 'operate' },
  {
    label: 'Inventory',
    children: [
      { label: 'Item Inventory', to: paths.items, permission: 'viewCatalog' },
      { label: 'Services', to: paths.services, permission: 'viewCatalog' },
    ],
  },
  { label: 'Categories', to: paths.categories, permission: 'viewCatalog' },
  {
    label: 'Transaction',
    children: [
      { label: 'Sales Register', to: paths.salesRegister, permission: 'operate' },
      { label: 'Job Card', to: paths.jobCard, permission: 'operate' },
      { label: 'Returns', to: paths.returns, permission: 'operate' },
      { label: 'Due List', to: paths.dueList, permission: 'operate' },
      { label: 'Expenses', to: paths.expenses, permission: 'operate' },
    ],
  },
  { label: 'Customers', to: paths.customers, permission: 'operate' },
  {
    label: 'Reports',
    children: [
      { label: 'Low Stock Report', to: paths.lowStock, permission: 'viewCatalog' },
      { label: 'Job History Report', to: paths.jobHistory, permission: 'viewCatalog' },
    ],
  },
  { label: 'User Management', to: paths.staff, permission: 'manageStaff' },
];

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;
