import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import { RequirePermission, RequireSession } from './require-permission';
import { ScreenError } from './screen-error';
import { loadDeviceModules } from '../lib/device';
import type { Permission } from '@shared/domain/permissions';
import { LoginPage } from '../features/auth/login-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';

/**
 * Screens load on demand through the routes' `lazy`, so the router fetches the shell (sidebar, top
 * bar, the device's database) and the screen of a route together, at the navigation, not one after
 * the other: the entry script is then the login page alone (issue 11). The service worker precaches
 * every chunk, so offline still works.
 */
function screenRoute(path: string, permission: Permission, load: () => Promise<ComponentType>, standalone = false): RouteObject {
  return {
    path,
    lazy: async () => {
      await loadDeviceModules();
      const Screen = await load();
      const screen = (
        <RequirePermission permission={permission}>
          <Screen />
        </RequirePermission>
      );
      // A screen outside the shell (printed documents) checks the session itself; the layout does it for the others.
      return { element: standalone ? <RequireSession>{screen}</RequireSession> : screen };
    },
  };
}

const loading = <p className="page muted">Loading...</p>;

/**
 * The shell's and the dashboard's code, loaded while a login is checked (the login page calls it), and
 * the catalogue's and the customers' lists: the screens a new device searches while it downloads,
 * whose code otherwise came from a server busy answering the first pull pages (issue 47).
 */
function preloadShell(): void {
  void loadDeviceModules()
    .then(() =>
      Promise.all([import('./layout'), import('../features/dashboard/dashboard-page'), import('../features/items/items-page'), import('../features/customers/customers-page')]),
    )
    .catch(() => undefined); // the navigation loads them again and shows its own error
}

/** Every route, in the order the router matches them (a test checks each screen's path has one: screens.test.ts). */
export const routes: RouteObject[] = [
  { path: paths.login, element: <LoginPage preloadShell={preloadShell} /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  {
    // A shell or screen whose code is not on this device yet (offline before the service worker
    // stored it) says so, instead of the router's developer page.
    errorElement: <ScreenError />,
    hydrateFallbackElement: loading,
    children: [
      // Printed documents stand alone: no sidebar or top bar on screen or on paper.
      screenRoute(paths.printInvoice, 'operate', () => import('../features/sales/print/print-invoice-page').then((m) => m.PrintInvoicePage), true),
      screenRoute(paths.printBulkReceipt, 'operate', () => import('../features/sales/print/print-bulk-receipt-page').then((m) => m.PrintBulkReceiptPage), true),
      screenRoute(paths.printCreditNote, 'operate', () => import('../features/returns/print/print-credit-note-page').then((m) => m.PrintCreditNotePage), true),
      screenRoute(paths.printZReport, 'operate', () => import('../features/cash-drawer/print/print-z-report-page').then((m) => m.PrintZReportPage), true),
      screenRoute(paths.printXReport, 'operate', () => import('../features/cash-drawer/print/print-x-report-page').then((m) => m.PrintXReportPage), true),
      screenRoute(paths.printPurchaseOrder, 'viewCatalog', () => import('../features/purchase-orders/print/print-purchase-order-page').then((m) => m.PrintPurchaseOrderPage), true),
      // Who receives goods prints their labels (Staff too): the labels show selling prices, never costs.
      screenRoute(paths.printReceiptLabels, 'receiveGoods', () => import('../features/purchase-orders/print/print-labels-page').then((m) => m.PrintLabelsPage), true),
      screenRoute(paths.printJobSheet, 'operate', () => import('../features/job-cards/print/print-job-sheet-page').then((m) => m.PrintJobSheetPage), true),
      screenRoute(paths.printEstimate, 'operate', () => import('../features/estimates/print/print-estimate-page').then((m) => m.PrintEstimatePage), true),
      {
        lazy: async () => {
          await loadDeviceModules();
          return { Component: (await import('./layout')).Layout };
        },
        children: [
          {
            // A screen that fails inside the shell shows why there; the sidebar keeps working.
            errorElement: <ScreenError />,
            children: [
              screenRoute(paths.dashboard, 'operate', () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
              screenRoute(paths.customers, 'operate', () => import('../features/customers/customers-page').then((m) => m.CustomersPage)),
              screenRoute(paths.jobCard, 'operate', () => import('../features/job-cards/job-card-page').then((m) => m.JobCardPage)),
              screenRoute(paths.salesRegister, 'operate', () => import('../features/sales/sales-register-page').then((m) => m.SalesRegisterPage)),
              screenRoute(paths.items, 'viewCatalog', () => import('../features/items/items-page').then((m) => m.ItemsPage)),
              screenRoute(paths.services, 'viewCatalog', () => import('../features/services/services-page').then((m) => m.ServicesPage)),
              screenRoute(paths.purchaseOrders, 'viewCatalog', () => import('../features/purchase-orders/purchase-orders-page').then((m) => m.PurchaseOrdersPage)),
              screenRoute(paths.purchaseOrder, 'viewCatalog', () => import('../features/purchase-orders/purchase-order-page').then((m) => m.PurchaseOrderPage)),
              screenRoute(paths.suppliers, 'viewCatalog', () => import('../features/suppliers/suppliers-page').then((m) => m.SuppliersPage)),
              screenRoute(paths.payables, 'purchase', () => import('../features/payables/payables-page').then((m) => m.PayablesPage)),
              screenRoute(paths.supplierAccount, 'purchase', () => import('../features/payables/supplier-account-page').then((m) => m.SupplierAccountPage)),
              screenRoute(paths.cannedJobs, 'viewCatalog', () => import('../features/canned-jobs/canned-jobs-page').then((m) => m.CannedJobsPage)),
              screenRoute(paths.categories, 'viewCatalog', () => import('../features/categories/categories-page').then((m) => m.CategoriesPage)),
              screenRoute(paths.dueList, 'operate', () => import('../features/due-list/due-list-page').then((m) => m.DueListPage)),
              screenRoute(paths.returns, 'operate', () => import('../features/returns/returns-page').then((m) => m.ReturnsPage)),
              screenRoute(paths.expenses, 'operate', () => import('../features/expenses/expenses-page').then((m) => m.ExpensesPage)),
              screenRoute(paths.cashDrawer, 'operate', () => import('../features/cash-drawer/cash-drawer-page').then((m) => m.CashDrawerPage)),
              screenRoute(paths.saleReview, 'reviewSales', () => import('../features/sale-review/sale-review-page').then((m) => m.SaleReviewPage)),
              screenRoute(paths.staff, 'manageStaff', () => import('../features/staff/staff-page').then((m) => m.StaffPage)),
              screenRoute(paths.company, 'editCompany', () => import('../features/company/company-page').then((m) => m.CompanyPage)),
              screenRoute(paths.import, 'importData', () => import('../features/import/import-page').then((m) => m.ImportPage)),
              screenRoute(paths.shopData, 'editCompany', () => import('../features/shop-data/shop-data-page').then((m) => m.ShopDataPage)),
              screenRoute(paths.lowStock, 'viewCatalog', () => import('../features/reports/low-stock/low-stock-page').then((m) => m.LowStockPage)),
              screenRoute(paths.returnsReport, 'viewCatalog', () => import('../features/reports/returns/returns-report-page').then((m) => m.ReturnsReportPage)),
              screenRoute(paths.expensesReport, 'viewFinancials', () => import('../features/reports/expenses/expenses-report-page').then((m) => m.ExpensesReportPage)),
              screenRoute(paths.purchasesReport, 'readCostPrices', () => import('../features/reports/purchases/purchases-report-page').then((m) => m.PurchasesReportPage)),
              screenRoute(paths.stockValue, 'readCostPrices', () => import('../features/reports/stock-value/stock-value-page').then((m) => m.StockValuePage)),
              screenRoute(paths.payablesAging, 'purchase', () => import('../features/payables/payables-page').then((m) => m.PayablesAgingPage)),
              screenRoute(paths.jobHistory, 'viewCatalog', () => import('../features/reports/job-history/job-history-page').then((m) => m.JobHistoryPage)),
              screenRoute(paths.jobCardDetail, 'operate', () => import('../features/job-cards/job-card-detail-page').then((m) => m.JobCardDetailPage)),
              screenRoute(paths.estimates, 'operate', () => import('../features/estimates/estimates-page').then((m) => m.EstimatesPage)),
              screenRoute(paths.reminders, 'operate', () => import('../features/reminders/reminders-page').then((m) => m.RemindersPage)),
              screenRoute(paths.estimateDetail, 'operate', () => import('../features/estimates/estimate-detail-page').then((m) => m.EstimateDetailPage)),
              screenRoute(paths.vehicleHistory, 'operate', () => import('../features/vehicles/vehicle-history-page').then((m) => m.VehicleHistoryPage)),
              { path: '*', element: <Navigate to={paths.dashboard} replace /> },
            ],
          },
        ],
      },
    ],
  },
];
