import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { formatDateTime } from '@/lib/format-date';
import { registerLabel } from '@/lib/register-names';
import { useRegisterNames } from '@/lib/use-register-names';
import { formatMoney } from '@shared/domain/money';
import { can } from '@shared/domain/permissions';
import { drawerWords } from '@shared/schemas/drawer';
import { useClosedSessions, useOpenSession, useRegisterCode, useXReport } from './api/use-drawer';
import { OpenDrawerForm } from '@/components/open-drawer-form';
import { MoveCashModal } from './components/move-cash-modal';
import { CloseDrawerForm } from './components/close-drawer-form';
import { DrawerLines } from './components/drawer-lines';
import { SessionList } from './components/session-list';
import { ClosedCashPanel } from './components/closed-cash-panel';
import { useClosedCashOfRegisters } from '@/lib/use-closed-cash';
import { xReportPath } from './print/drawer-report-path';

/**
 * Cash Drawer (issue 27): this register's drawer, offline like everything. Closed: open it with the
 * float. Open: the X report (what it should hold now, by line and by method), Pay In and Pay Out, and
 * Close with a blind count into a Z report. Below, the Z reports: this register's, or every
 * register's with their differences for a Manager or Admin.
 */
export function CashDrawerPage() {
  const role = useSession((state) => state.user?.role);
  const register = useRegisterCode();
  const session = useOpenSession(register);
  const report = useXReport(session);
  const everyRegister = can(role, 'viewFinancials');
  const closed = useClosedSessions(register, everyRegister);
  // A Manager also sees the cash registers took with their drawers closed, before any session counts it.
  const closedCash = useClosedCashOfRegisters(everyRegister);
  // The names an Admin gave the registers, beside their codes (issue 47); asking here also keeps
  // them fresh on this device for the X and Z reports it prints.
  const names = useRegisterNames();
  const [moving, setMoving] = useState<'payIn' | 'payOut' | null>(null);
  const [closing, setClosing] = useState(false);

  return (
    <section className="page cash-drawer-page">
      <div className="page-header">
        <h1>Cash Drawer</h1>
        {session && !closing && (
          <div className="page-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setMoving('payIn')}>
              Pay In
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setMoving('payOut')}>
              Pay Out
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setClosing(true)}>
              Close Drawer
            </button>
          </div>
        )}
      </div>
      {(register === undefined || session === undefined) && <p className="muted">Loading...</p>}
      {register === '' && <p className="error-text">{drawerWords.noRegister}</p>}
      {register && session === null && <OpenDrawerForm register={registerLabel(register, names)} />}
      {session && (
        <p className="drawer-session muted" data-testid="drawer-session">
          Register <strong className="mono">{registerLabel(session.register, names)}</strong> · open since {formatDateTime(session.createdAt)} by {session.openedBy} · float{' '}
          {formatMoney(session.floatCents)}
        </p>
      )}
      {session && closing && report && <CloseDrawerForm sessionId={session.id} expectedNow={report.expectedCents} onCancel={() => setClosing(false)} />}
      {session && !closing && report && (
        <div className="panel">
          <div className="drawer-x-header">
            <h2>X Report</h2>
            <Link className="btn btn-secondary btn-small" to={xReportPath(session.id)}>
              Print X Report
            </Link>
          </div>
          <p className="muted">What the drawer should hold now. The drawer stays open.</p>
          <DrawerLines report={report} expectedCents={report.expectedCents} label="X report" />
        </div>
      )}
      <ClosedCashPanel rows={closedCash} names={names} />
      <SessionList rows={closed} everyRegister={everyRegister} names={names} />
      {session && moving && <MoveCashModal sessionId={session.id} kind={moving} onClose={() => setMoving(null)} />}
    </section>
  );
}
