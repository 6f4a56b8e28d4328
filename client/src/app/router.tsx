import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Layout } from './layout';
import { paths } from './paths';
import { RequirePermission } from './require-permission';
import { ComingSoon } from '../components/ui/coming-soon';
import type { Permission } from '../../../shared/domain/permissions';
import { LoginPage } from '../features/auth/login-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';

// Screens load on demand; the service worker precaches every chunk, so offline still works.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const CategoriesPage = lazy(() => import('../features/categories/categories-page').then((m) => ({ default: m.CategoriesPage })));

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
  {
    element: <Layout />,
    children: [
      { path: paths.dashboard, element: screen('operate', <DashboardPage />) },
      { path: paths.customers, element: soon('Customers') },
      { path: paths.jobCard, element: soon('Job Card') },
      { path: paths.salesRegister, element: soon('Sales Register') },
      { path: paths.items, element: soon('Inventory Items', 'viewCatalog') },
      { path: paths.services, element: soon('Services', 'viewCatalog') },
      { path: paths.categories, element: screen('viewCatalog', <CategoriesPage />) },
      { path: paths.dueList, element: soon('Due List') },
      { path: paths.returns, element: soon('Returns') },
      { path: paths.expenses, element: soon('Expenses') },
      { path: paths.staff, element: soon('User Management', 'manageStaff') },
      { path: paths.company, element: soon('Company Detail', 'editCompany') },
      { path: paths.lowStock, element: soon('Low Stock Report', 'viewCatalog') },
      { path: paths.jobHistory, element: soon('Job History Report', 'viewCatalog') },
      { path: paths.jobCardDetail, element: soon('Job Card') },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
]);
