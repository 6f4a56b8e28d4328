import type { SyncedRow } from '../../../shared/sync/tables';
import { fromCents } from '../../../shared/domain/money';
import { fromHundredths } from '../../../shared/domain/quantity';
import type { users } from './schema';

// The one place that turns stored rows into the spec's API shapes (`_id`, rupees).
export function categoryToApi(row: SyncedRow) {
  return { _id: row.id, id: row.id, name: row.name, description: row.description, updatedAt: row.updatedAt };
}

export function customerToApi(row: SyncedRow) {
  const { id, customerName, contactPerson, email, phone, address, city, isGuest, customerType, vehicles, updatedAt } = row;
  return { _id: id, id, customerName, contactPerson, email, phone, address, city, isGuest, customerType, vehicles, updatedAt };
}

export function itemToApi(row: SyncedRow, categoryName?: string | null) {
  return {
    _id: row.id,
    id: row.id,
    itemName: row.itemName,
    barcode: row.barcode,
    category: row.categoryId ? { _id: row.categoryId, name: categoryName ?? null } : null,
    categoryId: row.categoryId ?? null,
    unitPrice: fromCents(row.unitPriceCents as number),
    costPrice: fromCents(row.costPriceCents as number),
    stockQuantity: fromHundredths(row.stockHundredths as number),
    reorderLevel: row.reorderLevel,
    description: row.description,
    isService: row.isService,
    warrantyMonths: row.warrantyMonths,
    updatedAt: row.updatedAt,
  };
}

export function serviceToApi(row: SyncedRow) {
  return { _id: row.id, id: row.id, serviceId: row.serviceId, name: row.name, price: fromCents(row.priceCents as number), updatedAt: row.updatedAt };
}

export function companyToApi(row: SyncedRow | undefined | null) {
  if (!row) return null;
  const { name, address, phone, email, logoUrl, footer, taxRatePercent, pricesIncludeTax, updatedAt } = row;
  return { name, address, phone, email, logoUrl, footer, taxRatePercent, pricesIncludeTax, updatedAt };
}

/** Staff as the API shows them: never the password hash. */
export function staffToApi(user: typeof users.$inferSelect) {
  const { id, name, email, phoneNo, username, role, status, createdAt, updatedAt } = user;
  return { _id: id, id, name, email, phoneNo, username, role, status, createdAt, updatedAt };
}
