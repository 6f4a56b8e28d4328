import { useState } from 'react';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { formatDay } from '@/lib/document-format';
import { formatMoney } from '@shared/domain/money';
import { dayKey } from '@shared/domain/dashboard';
import { dueState } from '@shared/domain/service-due';
import { reminderPeriods, type ReminderPeriod } from '@shared/domain/reminder-periods';
import { groupedWhole } from '@shared/domain/grouped-number';
import type { ServiceReminderRow } from '@shared/schemas/service-reminder';
import { remindersPageSize, useServiceReminders } from './api/use-service-reminders';
import { usePageContacts, type PageContact } from './api/use-page-contacts';
import { SendCell } from './components/send-cell';
import { useWhatsappShop, type WhatsappShop } from '@/lib/whatsapp';
import { declinedValues, reminderValues } from '@shared/domain/reminder-message';
import { useDeclinedFollowUps, type DeclinedFollowUp } from './api/use-declined-follow-ups';

const kinds = { all: 'All kinds', service: 'Service due', declined: 'Declined work' } as const;
type Kind = keyof typeof kinds;

/** 'Oil change (at 45,000 km)': what is due, with the reading when the km comes first. */
export const dueWhat = (row: ServiceReminderRow) =>
  row.services.map((service) => (service.by === 'mileage' && service.dueKm !== null ? `${service.name} (at ${groupedWhole(service.dueKm)} km)` : service.name)).join(', ');

const stateLabel = { overdue: 'Overdue', thisWeek: 'This week', later: '', lapsed: 'Lapsed' } as const;

function serviceColumns(today: string, contacts: Map<string, PageContact> | undefined, shop: WhatsappShop | undefined): Column<ServiceReminderRow>[] {
  return [
    {
      header: 'Due',
      className: 'nowrap',
      primary: true,
      cell: (row) => {
        const state = dueState(row.dueDate, today);
        return (
          <>
            {formatDay(row.dueDate)} {stateLabel[state] && <span className={`status-pill reminder-${state}`}>{stateLabel[state]}</span>}
          </>
        );
      },
    },
    { header: 'Customer', cell: (row) => row.customerName },
    { header: 'Vehicle', className: 'mono nowrap', cell: (row) => row.vehicleLicensePlate },
    { header: 'What is due', cell: dueWhat },
    {
      header: 'Last Visit',
      className: 'nowrap',
      priority: 3,
      cell: (row) => `${formatDay(row.lastVisit)}${row.lastMileage !== null ? `, ${groupedWhole(row.lastMileage)} km` : ''}`,
    },
    {
      header: 'Send',
      cell: (row) => (
        <SendCell
          refId={row.id}
          kind="reminder"
          plate={row.vehicleLicensePlate}
          fallback={{ customerId: row.customerId, name: row.customerName, phone: row.customerPhone }}
          contact={contacts?.get(row.id)}
          shop={shop}
          values={reminderValues(row)}
        />
      ),
    },
  ];
}

const declinedColumns = (contacts: Map<string, PageContact> | undefined, shop: WhatsappShop | undefined): Column<DeclinedFollowUp>[] => [
  { header: 'Call From', className: 'nowrap', primary: true, cell: (row) => formatDay(row.followUpOn) },
  { header: 'Customer', cell: (row) => row.customerName },
  { header: 'Vehicle', className: 'mono nowrap', cell: (row) => row.vehicleLicensePlate },
  { header: 'Declined', cell: (row) => `Declined ${formatDay(row.declinedOn)}: ${row.work.map((work) => work.name).join(', ')}, ${formatMoney(row.totalCents)}` },
  { header: 'Estimate', className: 'mono nowrap', priority: 3, cell: (row) => row.estimateNumber },
  {
    header: 'Send',
    cell: (row) => (
      <SendCell
        refId={row.id}
        kind="declined"
        plate={row.vehicleLicensePlate}
        fallback={{ customerId: row.customerId, name: row.customerName, phone: row.customerPhone }}
        contact={contacts?.get(row.id)}
        shop={shop}
        values={declinedValues(row.work, row.declinedOn)}
      />
    ),
  },
];

/**
 * Reminders (issue 45): vehicles due for a service and declined work worth a call, by kind and period,
 * read from the device (offline too). Sending opens WhatsApp with the customer's message.
 */
export function RemindersPage() {
  const today = dayKey(new Date());
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<Kind>('all');
  const [period, setPeriod] = useState<ReminderPeriod>('soon');
  const [page, setPage] = useState(1);
  const [declinedPage, setDeclinedPage] = useState(1);
  const services = useServiceReminders(search, period, page, today, kind !== 'declined');
  const declined = useDeclinedFollowUps(period, today, search, kind !== 'service');
  const declinedShown = declined?.slice((declinedPage - 1) * remindersPageSize, declinedPage * remindersPageSize);
  const shop = useWhatsappShop();
  const serviceContacts = usePageContacts(services?.rows.map((row) => ({ id: row.id, customerId: row.customerId, since: row.lastVisit })));
  const declinedContacts = usePageContacts(declinedShown?.map((row) => ({ id: row.id, customerId: row.customerId, since: row.declinedOn })));
  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
    setDeclinedPage(1);
  };

  return (
    <section className="page reminders-page">
      <div className="page-header">
        <h1>Reminders</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search by customer, plate or service..." label="Search reminders" value={search} onChange={onSearch} />
          <select value={kind} onChange={(event) => setKind(event.target.value as Kind)} aria-label="Kind">
            {Object.entries(kinds).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <select
            value={period}
            aria-label="Period"
            onChange={(event) => {
              setPeriod(event.target.value as ReminderPeriod);
              setPage(1);
              setDeclinedPage(1);
            }}
          >
            {Object.entries(reminderPeriods).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {kind !== 'declined' && (
        <div className="panel">
          <h2>Service due</h2>
          <DataTable
            className="reminders-table"
            columns={serviceColumns(today, serviceContacts, shop)}
            rows={services?.rows}
            rowKey={(row) => row.id}
            loadingText="Loading..."
            emptyText="No vehicles are due in this period."
          />
          {services && services.total > 0 && <Pager page={page} pageSize={remindersPageSize} total={services.total} onPage={setPage} />}
        </div>
      )}
      {kind !== 'service' && (
        <div className="panel">
          <h2>Declined work</h2>
          <DataTable
            className="declined-table"
            columns={declinedColumns(declinedContacts, shop)}
            rows={declinedShown}
            rowKey={(row) => row.id}
            loadingText="Loading..."
            emptyText="No declined work to follow up in this period."
          />
          {declined && declined.length > 0 && <Pager page={declinedPage} pageSize={remindersPageSize} total={declined.length} onPage={setDeclinedPage} />}
        </div>
      )}
    </section>
  );
}
