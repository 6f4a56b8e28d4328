import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { useLastPage, usePageState } from '@/lib/use-page-state';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { reprintPath } from '@/components/print/reprint-path';
import { useInvoicePage, type InvoiceListRow } from '../api/use-invoices';
import { ExportCsvButton } from '@/components/export-csv-button';

const pageSize = 25;

const columns: Column<InvoiceListRow>[] = [
  {
    header: 'Invoice No',
    cell: (row) => (
      <>
        {row.invoiceNo}
        {/* A sale recorded with a conflict (a second sale of a job…): the cashier sees it is being looked at. */}
        {row.reviewState === 'open' && (
          <span className="status-pill review-pill" title={row.reviewReason}>
            Under review
          </span>
        )}
      </>
    ),
    className: 'mono nowrap',
  },
  { header: 'Date', cell: (row) => formatDateTime(row.date), className: 'nowrap', priority: 2 },
  { header: 'Customer', cell: (row) => row.customerName, primary: true },
  { header: 'Total', cell: (row) => formatMoney(row.totalCents), className: 'num' },
  { header: 'Paid', cell: (row) => formatMoney(row.paidCents), className: 'num', priority: 3 },
  { header: 'Due', cell: (row) => formatMoney(row.dueCents), className: 'num' },
  { header: 'Status', cell: (row) => <span className={`status-pill ${row.status === 'Paid' ? 'status-active' : 'job-status-suspended'}`}>{row.status}</span> },
];

/** The device's invoices, newest first, with a reprint of each (invoice and receipt), offline too. */
export function InvoiceListModal({ onClose }: { onClose: () => void }) {
  const paging = usePageState();
  const { search, setSearch, page, setPage } = paging;
  const result = useInvoicePage(search, page, pageSize);
  const lastPage = useLastPage(paging, result, pageSize);
  return (
    <Modal title="Invoices" onClose={onClose} wide>
      <div className="invoice-list-search">
        <SearchInput placeholder="Search invoice no, customer, phone or vehicle..." label="Search invoices" value={search} onChange={setSearch} />
        <ExportCsvButton list="invoices" />
        <ExportCsvButton list="invoiceLines" label="Export invoice lines" />
      </div>
      <div className="panel invoice-list">
        <DataTable
          className="invoices-table"
          columns={columns}
          rows={result?.rows}
          rowKey={(row) => row.id}
          loadingText="Loading..."
          emptyText="No invoices found."
          actions={(row) => (
            <Link className="btn btn-small" to={reprintPath(row.id, ['invoice', 'receipt'])} aria-label={`Reprint ${row.invoiceNo}`}>
              Reprint
            </Link>
          )}
        />
        {result && result.total > 0 && <Pager page={Math.min(page, lastPage)} pageSize={pageSize} total={result.total} onPage={setPage} />}
      </div>
    </Modal>
  );
}
