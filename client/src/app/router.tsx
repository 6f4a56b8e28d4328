import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Layout } from './layout';
import { paths } from './paths';
import { RequirePermission, RequireSession } from './require-permission';
import { ScreenError } from './screen-error';
import { ComingSoon } from '../components/ui/coming-soon';
import type { Permission } from '../../../shared/domain/permissions';
import { LoginPage } from '../features/auth/login-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';

// Screens load on demand; the service worker precaches every chunk, so offline still works.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const CategoriesPage = lazy(() => import('../features/categories/categories-page').then((m) => ({ default: m.CategoriesPage })));
const CustomersPage = lazy(() => import('../features/customers/customers-page').then((m) => ({ default: m.CustomersPage })));
const ItemsPage = lazy(() => import('../features/items/items-page').then((m) => ({ default: m.ItemsPage })));
const ServicesPage = lazy(() => import('../features/services/services-page').then((m) => ({ default: m.ServicesPage })));
const StaffPage = lazy(() => import('../features/staff/staff-page').then((m) => ({ default: m.StaffPage })));
const JobCardPage = lazy(() => import('../features/job-cards/job-card-page').then((m) => ({ default: m.JobCardPage })));
const JobCardDetailPage = lazy(() => import('../features/job-cards/job-card-detail-page').then((m) => ({ default: m.JobCardDetailPage })));
const SalesRegisterPage = lazy(() => import('../features/sales/sales-register-page').then((m) => ({ default: m.SalesRegisterPage })));
const DueListPage = lazy(() => import('../features/due-list/due-list-page').then((m) => ({ default: m.DueListPage })));
const CompanyPage = lazy(() => import('../features/company/company-page').then((m) => ({ default: m.CompanyPage })));
const LowStockPage = lazy(() => import('../features/reports/low-stock/low-stock-page').then((m) => ({ default: m.LowStockPage })));
const PrintInvoicePage = lazy(() => import('../features/sales/print/print-invoice-page').then((m) => ({ default: m.PrintInvoicePage })));
const PrintBulkReceiptPage = lazy(() => import('../features/sales/print/print-bulk-receipt-page').then((m) => ({ default: m.PrintBulkReceiptPage })));
const JobHistoryPage = lazy(() => import('../features/reports/job-history/job-history-page').then((m) => ({ default: m.JobHistoryPage })));

function screen(permission: Permission, element: ReactNode) {
  return (
    <RequirePermission permission={permission}>
      <Suspense fallback={<p className="page muted">Loading...</p>}>{element}</Suspense>
    </RequirePermission>
  );
}

const soon = (title: string, permission: Permission = 'operate') => screen(permission, <ComingSoon title={title} />);

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  // Printed documents stand alone: no sidebar or top bar on screen or on paper.
  { path: paths.printInvoice, element: <RequireSession>{screen('operate', <PrintInvoicePage />)}</RequireSession> },
  { path: paths.printBulkReceipt, element: <RequireSession>{screen('operate', <PrintBulkReceiptPage />)}</RequireSession> },
  {
    element: <Layout />,
    children: [
      {
        // A screen that fails inside the shell (its code not on this device yet, offline) shows why there.
        errorElement: <ScreenError />,
        children: [
      { path: paths.dashboard, element: screen('operate', <DashboardPage />) },
      { path: paths.customers, element: screen('operate', <CustomersPage />) },
      { path: paths.jobCard, element: screen('operate', <JobCardPage />) },
      { path: paths.salesRegister, element: screen('operate', <SalesRegisterPage />) },
      { path: paths.items, element: screen('viewCatalog', <ItemsPage />) },
      { path: paths.services, element: screen('viewCatalog', <ServicesPage />) },
      { path: paths.categories, element: screen('viewCatalog', <CategoriesPage />) },
      { path: paths.dueList, element: screen('operate', <DueListPage />) },
      { path: paths.returns, element: soon('Returns') },
      { path: paths.expenses, element: soon('Expenses') },
      { path: paths.staff, element: screen('manageStaff', <StaffPage />) },
      { path: paths.company, element: screen('editCompany', <CompanyPage />) },
      { path: paths.lowStock, element: screen('viewCatalog', <LowStockPage />) },
      { path: paths.jobHistory, element: screen('viewCatalog', <JobHistoryPage />) },
      { path: paths.jobCardDetail, element: screen('operate', <JobCardDetailPage />) },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
        ],
      },
    ],
  },
]);
