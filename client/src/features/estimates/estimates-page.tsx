import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { estimatePagePath } from '@/components/print/reprint-path';
import { formatDay, invoiceDay } from '@/lib/document-format';
import type { EstimateRow } from '@shared/schemas/estimate';
import { useEstimates } from './api/use-estimates';
import { NewEstimateModal } from './components/new-estimate-modal';

const columns: Column<EstimateRow>[] = [
  { header: 'Estimate No', primary: true, className: 'mono nowrap', cell: (row) => <Link to={estimatePagePath(row.id)}>{row.estimateNumber}</Link> },
  { header: 'Date', className: 'nowrap', cell: (row) => invoiceDay(row.createdAt) },
  { header: 'Customer', cell: (row) => row.customerName },
  { header: 'Vehicle', className: 'mono nowrap', cell: (row) => row.vehicleLicensePlate },
  { header: 'Valid Until', className: 'nowrap', priority: 3, cell: (row) => formatDay(row.validUntil) },
  { header: 'Status', cell: (row) => (row.reviewState === 'open' ? `${row.status} (conflict)` : row.status) },
];

/** Estimates (issue 45): quotes before the work, newest first; offline like every list. */
export function EstimatesPage() {
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const page = useEstimates(search, 1);

  return (
    <section className="page">
      <div className="page-header">
        <h1>Estimates</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search by number, customer or plate..." label="Search estimates" value={search} onChange={setSearch} />
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            + New Estimate
          </button>
        </div>
      </div>
      <div className="panel">
        <DataTable className="estimates-table" columns={columns} rows={page?.rows} rowKey={(row) => row.id} loadingText="Loading..." emptyText="No estimates yet." />
      </div>
      {adding && <NewEstimateModal onClose={() => setAdding(false)} onSaved={(id) => navigate(estimatePagePath(id))} />}
    </section>
  );
}
