import { db } from '@/db/instance';
import { queryPage } from '@/search';
import { plateKey } from '@shared/domain/search-shape';
import { warrantyExpiry } from '@shared/domain/sales';
import { warrantyRuns } from '@shared/domain/returns';
import type { CustomerRow } from '@shared/schemas/customer';
import type { JobCardRow } from '@shared/schemas/job-card';
import type { InvoiceLineRow, InvoiceRow } from '@shared/schemas/sale';
import { localDateInput } from '@/lib/format-date';

export interface WarrantyLine {
  invoice: InvoiceRow;
  line: InvoiceLineRow;
  /** The warranty's last day, YYYY-MM-DD. */
  until: string;
}

export interface VehicleHistory {
  key: string;
  /** The plate as it was last written. */
  plate: string;
  makeModel: string;
  vin: string;
  owners: CustomerRow[];
  /** Newest first. */
  jobs: JobCardRow[];
  /** Newest first. */
  invoices: InvoiceRow[];
  /** The parts and services sold for it whose warranty still runs today. */
  warranties: WarrantyLine[];
}

/**
 * A vehicle's service history from this device's own data (offline too), by its plate as one key
 * (shared/domain/search-shape.ts): its owners, every job and invoice for that plate, and what is
 * still under warranty. Jobs and invoices carry the key among their search words, so each is one
 * index read; owners come from the customers' search.
 */
export async function loadVehicleHistory(key: string): Promise<VehicleHistory> {
  const word = key.toLowerCase();
  const samePlate = (plate: string) => plateKey(plate) === key;
  const [jobs, invoices, customers] = await Promise.all([
    db.jobCards
      .where('searchWords')
      .equals(word)
      .filter((row) => !row.deleted && samePlate(row.vehicleLicensePlate))
      .toArray(),
    db.invoices
      .where('searchWords')
      .equals(word)
      .filter((row) => !row.deleted && samePlate(row.vehicleLicensePlate))
      .toArray(),
    queryPage(db.customers, { search: word, page: 1, pageSize: 20 }),
  ]);
  jobs.sort((a, b) => (b.dateIn || b.createdAt).localeCompare(a.dateIn || a.createdAt));
  invoices.sort((a, b) => b.date.localeCompare(a.date));
  const owners = customers.rows.filter((row) => (row.vehicles ?? []).some((vehicle) => samePlate(vehicle.licensePlate)));
  const vehicle = owners.flatMap((row) => row.vehicles ?? []).find((candidate) => samePlate(candidate.licensePlate));
  const today = localDateInput();
  const lines =
    invoices.length === 0
      ? []
      : await db.invoiceLines
          .where('invoiceId')
          .anyOf(invoices.map((row) => row.id))
          .toArray();
  const byId = new Map(invoices.map((row) => [row.id, row]));
  const warranties = lines
    .filter((line) => !line.deleted && warrantyRuns(byId.get(line.invoiceId)!.date, line.warrantyMonths, today))
    .map((line) => ({ invoice: byId.get(line.invoiceId)!, line, until: warrantyExpiry(byId.get(line.invoiceId)!.date, line.warrantyMonths) }))
    .sort((a, b) => a.until.localeCompare(b.until));
  const latest = jobs[0] ?? null;
  return {
    key,
    plate: latest?.vehicleLicensePlate || vehicle?.licensePlate || invoices[0]?.vehicleLicensePlate || key,
    makeModel: [vehicle?.make || latest?.vehicleMake, vehicle?.model || latest?.vehicleModel].filter(Boolean).join(' '),
    vin: vehicle?.vin ?? '',
    owners,
    jobs,
    invoices,
    warranties,
  };
}
