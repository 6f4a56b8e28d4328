import type { Permission } from '@shared/domain/permissions';
import type { MenuIconName } from '../components/ui/icons';
import { paths } from '../lib/paths';

export interface MenuLink {
  label: string;
  to: string;
  permission: Permission;
  icon: MenuIconName;
}
export interface MenuGroup {
  label: string;
  icon: MenuIconName;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

// Spec 2.3, in order. An entry a role may not open is hidden (decisions.md, Roles).
export const menu: MenuEntry[] = [
  { label: 'Dashboard', to: paths.dashboard, permission: 'operate', icon: 'dashboard' },
  {
    label: 'Inventory',
    icon: 'inventory',
    children: [
      { label: 'Item Inventory', to: paths.items, permission: 'viewCatalog', icon: 'items' },
      { label: 'Services', to: paths.services, permission: 'viewCatalog', icon: 'services' },
      { label: 'Purchase Orders', to: paths.purchaseOrders, permission: 'viewCatalog', icon: 'purchaseOrders' },
      { label: 'Suppliers', to: paths.suppliers, permission: 'viewCatalog', icon: 'suppliers' },
      { label: 'Payables', to: paths.payables, permission: 'purchase', icon: 'dueList' },
      { label: 'Canned Jobs', to: paths.cannedJobs, permission: 'viewCatalog', icon: 'cannedJobs' },
    ],
  },
  { label: 'Categories', to: paths.categories, permission: 'viewCatalog', icon: 'categories' },
  {
    label: 'Transaction',
    icon: 'transaction',
    children: [
      { label: 'Sales Register', to: paths.salesRegister, permission: 'operate', icon: 'salesRegister' },
      { label: 'Job Card', to: paths.jobCard, permission: 'operate', icon: 'jobCard' },
      { label: 'Estimates', to: paths.estimates, permission: 'operate', icon: 'estimates' },
      { label: 'Reminders', to: paths.reminders, permission: 'operate', icon: 'reminders' },
      { label: 'Returns', to: paths.returns, permission: 'operate', icon: 'returns' },
      { label: 'Due List', to: paths.dueList, permission: 'operate', icon: 'dueList' },
      { label: 'Expenses', to: paths.expenses, permission: 'operate', icon: 'expenses' },
      { label: 'Cash Drawer', to: paths.cashDrawer, permission: 'operate', icon: 'cashDrawer' },
      { label: 'Sales to Review', to: paths.saleReview, permission: 'reviewSales', icon: 'saleReview' },
    ],
  },
  { label: 'Customers', to: paths.customers, permission: 'operate', icon: 'customers' },
  {
    label: 'Reports',
    icon: 'reports',
    children: [
      { label: 'Low Stock Report', to: paths.lowStock, permission: 'viewCatalog', icon: 'lowStock' },
      { label: 'Job History Report', to: paths.jobHistory, permission: 'viewCatalog', icon: 'jobHistory' },
      { label: 'Returns Report', to: paths.returnsReport, permission: 'viewCatalog', icon: 'returns' },
      { label: 'Expenses Report', to: paths.expensesReport, permission: 'viewFinancials', icon: 'expenses' },
      // Costs (issue 44): only the roles that read them.
      { label: 'Purchases Report', to: paths.purchasesReport, permission: 'readCostPrices', icon: 'suppliers' },
      { label: 'Stock Value Report', to: paths.stockValue, permission: 'readCostPrices', icon: 'items' },
      { label: 'Payables Aging Report', to: paths.payablesAging, permission: 'purchase', icon: 'dueList' },
    ],
  },
  { label: 'User Management', to: paths.staff, permission: 'manageStaff', icon: 'staff' },
  // Company Detail stays behind the top bar's settings icon (spec 2.4); what moves a shop in is here.
  { label: 'Settings', icon: 'settings', children: [{ label: 'Import', to: paths.import, permission: 'importData', icon: 'importData' }] },
];

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;
