import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { can } from '@shared/domain/permissions';
import { useSession } from '../session/session-store';
import { isGroup, menu, type MenuEntry, type MenuGroup } from './menu';
import { MenuIcon, menuIcons } from '../components/ui/icons';
import { FocusPanel } from '../components/ui/focus-panel';

const Icon = ({ entry }: { entry: Pick<MenuEntry, 'icon'> }) => {
  const Draw = menuIcons[entry.icon];
  return (
    <span className="menu-icon">
      <Draw />
    </span>
  );
};

/**
 * The spec's menu (2.3). Expanded: icons and labels, groups open in place. Collapsed: an icon rail,
 * each entry named by its label (tooltip and accessible name); a group opens as a panel beside the rail.
 */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const user = useSession((state) => state.user);
  const location = useLocation();
  const visible = menu
    .map((entry) => (isGroup(entry) ? { ...entry, children: entry.children.filter((c) => can(user?.role, c.permission)) } : entry))
    .filter((entry) => (isGroup(entry) ? entry.children.length > 0 : can(user?.role, entry.permission)));
  const groupOf = (path: string) => visible.find((e): e is MenuGroup => isGroup(e) && e.children.some((c) => c.to === path));
  const [openGroup, setOpenGroup] = useState<string | null>(groupOf(location.pathname)?.label ?? null);
  const [flyout, setFlyout] = useState<string | null>(null);

  // A tap outside the open group panel closes it (the group's own button toggles it).
  useEffect(() => {
    if (!flyout) return;
    const close = (event: MouseEvent) => !(event.target as Element).closest?.('.menu-group-item') && setFlyout(null);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [flyout]);

  useEffect(() => {
    const group = groupOf(location.pathname);
    if (group) setOpenGroup(group.label);
    setFlyout(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) => `menu-link${isActive ? ' active' : ''}`;

  return (
    <aside className={`sidebar${collapsed ? ' collapsed' : ''}`} aria-label="Main menu">
      <div className="sidebar-brand">
        <button
          type="button"
          className="icon-button sidebar-toggle"
          aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
          title={collapsed ? 'Expand menu' : 'Collapse menu'}
          onClick={onToggle}
        >
          <MenuIcon />
        </button>
        {!collapsed && <span>Auto-Service Suite</span>}
      </div>
      <nav>
        <ul className="menu">
          {visible.map((entry) => {
            if (!isGroup(entry)) {
              return (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    onClick={() => setOpenGroup(null)}
                    className={linkClass}
                    aria-label={collapsed ? entry.label : undefined}
                    title={collapsed ? entry.label : undefined}
                  >
                    <Icon entry={entry} />
                    <span className="menu-label">{entry.label}</span>
                  </NavLink>
                </li>
              );
            }
            const isCurrent = entry.children.some((child) => child.to === location.pathname);
            const isOpen = collapsed ? flyout === entry.label : openGroup === entry.label;
            const toggle = () => (collapsed ? setFlyout(isOpen ? null : entry.label) : setOpenGroup(isOpen ? null : entry.label));
            return (
              <li key={entry.label} className="menu-group-item">
                <button
                  type="button"
                  className={`menu-group${collapsed && isCurrent ? ' active' : ''}`}
                  aria-expanded={isOpen}
                  aria-label={collapsed ? entry.label : undefined}
                  title={collapsed ? entry.label : undefined}
                  onClick={toggle}
                >
                  <Icon entry={entry} />
                  <span className="menu-label">{entry.label}</span>
                  <span className="menu-caret" aria-hidden="true">
                    {isOpen ? '▾' : '▸'}
                  </span>
                </button>
                {isOpen && !collapsed && (
                  <ul className="submenu">
                    {entry.children.map((child) => (
                      <li key={child.to}>
                        <NavLink to={child.to} className={linkClass}>
                          <Icon entry={child} />
                          <span className="menu-label">{child.label}</span>
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                )}
                {isOpen && collapsed && (
                  <FocusPanel className="menu-flyout" role="menu" aria-label={entry.label} onClose={() => setFlyout(null)}>
                    <div className="menu-flyout-title">{entry.label}</div>
                    {entry.children.map((child) => (
                      <NavLink key={child.to} to={child.to} role="menuitem" className={linkClass}>
                        <Icon entry={child} />
                        <span>{child.label}</span>
                      </NavLink>
                    ))}
                  </FocusPanel>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <footer className="sidebar-footer">
        <div className="sidebar-user-name">{user?.name || 'Garage User'}</div>
        <div className="sidebar-user-role">{user?.role || 'Staff'}</div>
      </footer>
    </aside>
  );
}
