import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { can, type Permission } from '@shared/domain/permissions';
import { useSession } from '../session/session-store';
import { paths } from '../lib/paths';

/** A route a role may not open says so instead of showing the screen (the server refuses anyway). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const role = useSession((state) => state.user?.role);
  if (!can(role, permission)) {
    return (
      <section className="page">
        <h1>Not available for your role</h1>
        <div className="panel">
          <p>You do not have permission to open this screen. Ask an administrator.</p>
        </div>
      </section>
    );
  }
  return <>{children}</>;
}

/** For routes outside the Layout (which does this for the others): without a session, back to login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  return token ? <>{children}</> : <Navigate to={paths.login} replace />;
}
