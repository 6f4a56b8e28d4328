import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { registerLabel, type RegisterNames } from '@/lib/register-names';
import { formatMoney } from '@shared/domain/money';
import type { DrawerSessionRow } from '@shared/schemas/drawer';
import { zReportPath } from '../print/drawer-report-path';

const columnsFor = (names: RegisterNames): Column<DrawerSessionRow>[] => [
  { header: 'Z Report No', primary: true, className: 'mono nowrap', cell: (row) => <Link to={zReportPath(row.id)}>{row.zNumber}</Link> },
  { header: 'Register', className: 'mono', priority: 2, cell: (row) => registerLabel(row.register, names) },
  { header: 'Closed', className: 'nowrap', priority: 3, cell: (row) => (row.closedAt ? formatDateTime(row.closedAt) : '') },
  { header: 'Closed By', priority: 3, cell: (row) => row.closedBy },
  { header: 'Expected', className: 'num nowrap', priority: 2, cell: (row) => formatMoney(row.expectedCents) },
  { header: 'Counted', className: 'num nowrap', priority: 2, cell: (row) => formatMoney(row.countedCents) },
  {
    header: 'Difference',
    className: 'num nowrap',
    cell: (row) => (
      <span className={row.differenceCents !== 0 ? 'error-text' : undefined} title={row.differenceReason || undefined}>
        {formatMoney(row.differenceCents)}
      </span>
    ),
  },
  {
    header: 'Review',
    priority: 3,
    cell: (row) =>
      row.reviewState === 'open' ? (
        <span className="review-pill" title={row.reviewReason}>
          Under review
        </span>
      ) : (
        ''
      ),
  },
];

/** Closed sessions with their Z reports: this register's, or every register's for a Manager or Admin. */
export function SessionList({ rows, everyRegister, names }: { rows: DrawerSessionRow[] | undefined; everyRegister: boolean; names: RegisterNames }) {
  const columns = useMemo(() => columnsFor(names), [names]);
  return (
    <div className="panel">
      <h2>{everyRegister ? 'Z reports of every register' : "This register's Z reports"}</h2>
      <DataTable className="z-report-table" columns={columns} rows={rows} rowKey={(row) => row.id} loadingText="Loading..." emptyText="No closed sessions yet." />
    </div>
  );
}
