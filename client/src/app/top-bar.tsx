import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SyncProblem } from '../db/db';
import { canDiscardProblem, isEditableProblem } from '../sync/problem-kinds';

// The editor brings the forms and every mutation's schema: loaded when a problem is opened, not with the shell.
const ProblemEditor = lazy(() => import('./problem-editor').then((m) => ({ default: m.ProblemEditor })));
import { useSession } from '../session/session-store';
import { can } from '@shared/domain/permissions';
import { SyncIndicator } from '../features/sync-status/sync-indicator';
import { UserMenu } from './user-menu';
import { GlobalSearchBox } from '../features/global-search/components/global-search-box';
import { paths } from '../lib/paths';
import { SettingsIcon } from '../components/ui/icons';
import { BellButton } from '../features/bell/components/bell-button';

export function TopBar() {
  const user = useSession((state) => state.user);
  const [correcting, setCorrecting] = useState<SyncProblem | null>(null);
  return (
    <header className="top-bar">
      <div className="greeting">Hi, {user?.name ?? 'there'}</div>
      <GlobalSearchBox />
      <div className="top-bar-actions">
        <SyncIndicator isEditable={isEditableProblem} canDiscard={canDiscardProblem} onEditProblem={setCorrecting} />
        <BellButton />
        {can(user?.role, 'editCompany') && (
          <Link to={paths.company} className="icon-button" aria-label="Settings" title="Company settings">
            <SettingsIcon />
          </Link>
        )}
        <UserMenu />
      </div>
      {correcting && (
        <Suspense fallback={null}>
          <ProblemEditor problem={correcting} onClose={() => setCorrecting(null)} />
        </Suspense>
      )}
    </header>
  );
}
