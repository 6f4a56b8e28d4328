import type { SyncedRow } from '@shared/sync/tables';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import { invoiceDueDate, owedCents, paymentStanding } from '@shared/domain/sales';
import type { users } from './schema';
import type { Role } from '@shared/domain/permissions';
import { projectRow } from '@shared/sync/read-scope';
import { messageLanguageOf, whatsappTemplateKeys } from '@shared/domain/whatsapp-templates';

// The one place that turns stored rows into the spec's API shapes (`_id`, rupees).
export function customerToApi(row: SyncedRow) {
  const { id, customerName, contactPerson, email, phone, address, city, isGuest, customerType, vehicles, updatedAt } = row;
  return {
    _id: id,
    id,
    customerName,
    contactPerson,
    email,
    phone,
    address,
    city,
    isGuest,
    customerType,
    vehicles,
    language: messageLanguageOf(row.language),
    noReminders: row.noReminders === true,
    updatedAt,
  };
}

/**
 * An item as `reader`'s role reads it (shared/sync/read-scope.ts): without its cost price for a role
 * that may not read one. The role is required, so no answer can forget it.
 */
export function itemToApi(stored: SyncedRow, reader: Role, categoryName?: string | null) {
  const row = projectRow('items', stored, reader);
  return {
    _id: row.id,
    id: row.id,
    itemName: row.itemName,
    barcode: row.barcode,
    category: row.categoryId ? { _id: row.categoryId, name: categoryName ?? null } : null,
    categoryId: row.categoryId ?? null,
    unitPrice: fromCents(row.unitPriceCents as number),
    ...('costPriceCents' in row ? { costPrice: fromCents(row.costPriceCents as number) } : {}),
    stockQuantity: fromHundredths(row.stockHundredths as number),
    reorderLevel: row.reorderLevel,
    description: row.description,
    isService: row.isService,
    warrantyMonths: row.warrantyMonths,
    supplierId: row.supplierId ?? null,
    supplierPartNo: row.supplierPartNo ?? '',
    ...('lastCostCents' in row ? { lastCost: fromCents(row.lastCostCents as number) } : {}),
    updatedAt: row.updatedAt,
  };
}

export function companyToApi(row: SyncedRow | undefined | null) {
  if (!row) return null;
  const { name, address, phone, email, logoUrl, footer, taxRatePercent, pricesIncludeTax, receiptLayout, expenseCategories, vatNumber, itemisedReceipt, roundCash, updatedAt } =
    row;
  const templates = Object.fromEntries(whatsappTemplateKeys.map((key) => [key, typeof row[key] === 'string' ? row[key] : '']));
  return {
    name,
    address,
    phone,
    email,
    logoUrl,
    footer,
    taxRatePercent,
    pricesIncludeTax,
    receiptLayout,
    expenseCategories,
    vatNumber,
    itemisedReceipt,
    roundCash,
    ...templates,
    updatedAt,
  };
}

/** Staff as the API shows them: never the password hash. */
export function staffToApi(user: typeof users.$inferSelect) {
  const { id, name, email, phoneNo, username, role, status, createdAt, updatedAt } = user;
  return { _id: id, id, name, email, phoneNo, username, role, status, createdAt, updatedAt };
}

/** A job's status move as GET /api/job-cards/{id} lists it, oldest first. */
export function statusChangeToApi(row: SyncedRow) {
  return { from: row.fromStatus ?? null, to: row.toStatus, at: row.at, by: row.userName };
}

/** The mechanic as the dashboard and the job card read it: `{ _id, name }`, or null. */
function mechanicOf(row: SyncedRow) {
  return row.mechanicId ? { _id: row.mechanicId, name: row.mechanicName } : null;
}

/**
 * A job card in the spec's shape (spec 3): `customer` is the customer's id, money in rupees,
 * quantities with two decimals, its live lines split into jobItems and jobServices.
 * `statusHistory` is given only where it was read (GET /api/job-cards/{id}).
 */
export function jobCardToApi(row: SyncedRow, lines: readonly SyncedRow[], statusHistory?: readonly SyncedRow[]) {
  const line = (l: SyncedRow) => ({
    _id: l.id,
    quantity: fromHundredths(l.quantityHundredths as number),
    unitPrice: fromCents(l.unitPriceCents as number),
    warranty: l.warranty,
    warrantyMonths: l.warrantyMonths,
  });
  const jobItems = lines
    .filter((l) => l.kind === 'item')
    .map((l) => {
      const { _id, ...rest } = line(l);
      return { _id, item: l.refId ?? null, itemName: l.name, ...rest, itemPrice: fromCents(l.totalCents as number), quickAdded: !!l.quickAdded };
    });
  const jobServices = lines
    .filter((l) => l.kind === 'service')
    .map((l) => {
      const { _id, ...rest } = line(l);
      return { _id, service: l.refId ?? null, serviceName: l.name, ...rest, servicePrice: fromCents(l.totalCents as number) };
    });
  return {
    _id: row.id,
    id: row.id,
    jobNumber: row.jobNumber ?? null,
    customer: row.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    vehicleLicensePlate: row.vehicleLicensePlate,
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    currentMileage: row.currentMileage,
    previousMileage: row.previousMileage ?? null,
    dateIn: row.dateIn,
    jobType: row.jobType,
    promisedDate: row.promisedDate,
    promisedTime: row.promisedTime,
    actionTaken: row.actionTaken,
    notes: row.notes,
    status: row.status,
    mechanic: mechanicOf(row),
    assignedMechanic: mechanicOf(row),
    invoiceNo: row.invoiceNo ?? null,
    invoiceId: row.invoiceId ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt ?? null,
    jobItems,
    jobServices,
    ...(statusHistory ? { statusHistory: statusHistory.map(statusChangeToApi) } : {}),
  };
}

/**
 * A sales invoice in the spec's shape (spec 3), money in rupees: its live lines as items[] and its
 * payments as paymentHistory[]. What is paid, the due and the status are the invoice's stored
 * standing, which every payment write recomputes from all its payments (decisions.md: payments are
 * append-only records; server/src/mutations/payments/invoice-standing.ts), so the invoice list, the
 * due list and the due summary all read one figure. The change is what was paid over the total plus
 * what was handed back at the till (a payment's tendered amount above what it paid).
 */
export function invoiceToApi(row: SyncedRow, lines: readonly SyncedRow[], payments: readonly SyncedRow[]) {
  const totalCents = row.totalCents as number;
  const standing =
    typeof row.paidCents === 'number' && typeof row.dueCents === 'number' && typeof row.status === 'string'
      ? { paidCents: row.paidCents, dueCents: row.dueCents, status: row.status, changeCents: Math.max(row.paidCents - owedCents(row), 0) }
      : paymentStanding(
          owedCents(row),
          payments.map((payment) => payment.amountCents as number),
        );
  // Only cash handed over beyond a payment is change: a correction (a negative amount, nothing tendered) hands nothing back.
  const handedBack = payments.reduce((sum, payment) => sum + Math.max((payment.tenderedCents as number) - Math.max(payment.amountCents as number, 0), 0), 0);
  const changeCents = standing.changeCents + handedBack;
  return {
    _id: row.id,
    invoiceNo: row.invoiceNo,
    date: row.date,
    dueDate: invoiceDueDate(String(row.date), row.dueDate as string | undefined),
    ...(row.openingBalance ? { openingBalance: true } : {}),
    customerId: row.customerId ?? null,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerAddress: row.customerAddress,
    items: lines.map((line) => ({
      _id: line.id,
      itemId: line.refId ?? null,
      itemName: line.name,
      quantity: fromHundredths(line.quantityHundredths as number),
      unitPriceAtSale: fromCents(line.unitPriceCents as number),
      discountPercentageAtSale: line.discountPercent,
      totalPricePerItem: fromCents(line.totalCents as number),
      taxAmount: fromCents(line.taxCents as number),
      isService: line.kind === 'service',
      warrantyMonths: line.warrantyMonths,
    })),
    jobCardId: row.jobCardId ?? null,
    vehicleLicensePlate: row.vehicleLicensePlate,
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    currentMileage: row.currentMileage ?? null,
    subTotal: fromCents(row.subTotalCents as number),
    taxRate: row.taxRatePercent,
    pricesIncludeTax: row.pricesIncludeTax,
    taxAmount: fromCents(row.taxCents as number),
    // A cash sale rounded to the rupee (issue 47): its rounding line, already in the total.
    ...(Number(row.roundingCents ?? 0) !== 0 ? { rounding: fromCents(Number(row.roundingCents)) } : {}),
    discountTotal: fromCents(row.discountCents as number),
    total: fromCents(totalCents),
    paidAmount: fromCents(standing.paidCents),
    due: fromCents(standing.dueCents),
    ...(changeCents > 0 ? { change: fromCents(changeCents) } : {}),
    status: standing.status,
    paymentHistory: payments.map((payment) => ({
      _id: payment.id,
      date: payment.date,
      method: payment.method,
      amount: fromCents(payment.amountCents as number),
      note: payment.note,
    })),
    soldBy: row.soldBy,
    createdAt: row.createdAt,
  };
}
