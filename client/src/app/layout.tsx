import { Navigate, Outlet } from 'react-router-dom';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSession } from '../session/session-store';
import { paths } from '../lib/paths';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { useDeviceSetup } from './use-device-setup';
import { ReplacedEditNotices } from '../features/notices/replaced-edit-notices';

/** Sidebar and top bar around every route but '/'; without a session, back to login. */
export function Layout() {
  const token = useSession((state) => state.token);
  const [collapsed, toggle] = useSidebarCollapsed();
  useDeviceSetup(!!token);
  if (!token) return <Navigate to={paths.login} replace />;
  return (
    <div className={`shell${collapsed ? ' shell-collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <div className="main-column">
        <TopBar />
        <main className="content">
          <ReplacedEditNotices />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
