import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { can } from '../../../shared/domain/permissions';
import { useSession } from './session-store';
import { isGroup, menu, type MenuGroup } from './menu';
import { MenuIcon } from '../components/ui/icons';

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const user = useSession((state) => state.user);
  const location = useLocation();
  const visible = menu
    .map((entry) => (isGroup(entry) ? { ...entry, children: entry.children.filter((c) => can(user?.role, c.permission)) } : entry))
    .filter((entry) => (isGroup(entry) ? entry.children.length > 0 : can(user?.role, entry.permission)));
  const groupOf = (path: string) => visible.find((e): e is MenuGroup => isGroup(e) && e.children.some((c) => c.to === path));
  const [openGroup, setOpenGroup] = useState<string | null>(groupOf(location.pathname)?.label ?? null);

  useEffect(() => {
    const group = groupOf(location.pathname);
    if (group) setOpenGroup(group.label);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    <aside className={`sidebar${collapsed ? ' collapsed' : ''}`} aria-label="Main menu">
      <div className="sidebar-brand">
        <button type="button" className="icon-button sidebar-toggle" aria-label={collapsed ? 'Expand menu' : 'Collapse menu'} onClick={onToggle}>
          <MenuIcon />
        </button>
        {!collapsed && <span>Auto-Service Suite</span>}
      </div>
      <nav>
        <ul className="menu">
          {visible.map((entry) =>
            isGroup(entry) ? (
              <li key={entry.label}>
                <button
                  type="button"
                  className="menu-group"
                  aria-expanded={openGroup === entry.label}
                  onClick={() => setOpenGroup(openGroup === entry.label ? null : entry.label)}
                >
                  <span className="menu-label">{entry.label}</span>
                  <span aria-hidden="true">{openGroup === entry.label ? '▾' : '▸'}</span>
                </button>
                {openGroup === entry.label && (
                  <ul className="submenu">
                    {entry.children.map((child) => (
                      <li key={child.to}>
                        <NavLink to={child.to} className={({ isActive }) => `menu-link${isActive ? ' active' : ''}`}>
                          {child.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ) : (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  onClick={() => setOpenGroup(null)}
                  className={({ isActive }) => `menu-link${isActive ? ' active' : ''}`}
                >
                  <span className="menu-label">{entry.label}</span>
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <footer className="sidebar-footer">
        <div className="sidebar-user-name">{user?.name || 'Garage User'}</div>
        <div className="sidebar-user-role">{user?.role || 'Staff'}</div>
      </footer>
    </aside>
  );
}
