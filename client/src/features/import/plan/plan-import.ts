import type { ImportKind } from '@shared/import/columns';
import { customerUpdateInput, planCustomers, type CustomerRecord, type ShopCustomer } from './plan-customers';
import { planItems } from './plan-items';
import { planServices } from './plan-services';
import { planOpeningBalances } from './plan-opening-balances';
import type { Shop } from './read-shop';
import type { FileRow, ImportPlan, UpdateStep } from './plan-types';

/** The dry run of a file of one kind against the shop (issue 43, point 4). */
export function planImport(kind: ImportKind, rows: readonly FileRow[], shop: Shop, newId: () => string): ImportPlan {
  if (kind === 'customers') return planCustomers(rows, shop.customers, newId);
  if (kind === 'items') return planItems(rows, shop.catalog, newId);
  if (kind === 'services') return planServices(rows, shop.services, newId);
  return planOpeningBalances(rows, { customers: shop.customers, invoiceNos: shop.invoiceNos }, newId);
}

/** An update step's arguments against the record as it stands now (a customer's vehicles merged by plate). */
export function updateInputOf(step: UpdateStep, current: Record<string, unknown>): Record<string, unknown> {
  return step.table === 'customers' ? customerUpdateInput(current as unknown as ShopCustomer, step.record as unknown as CustomerRecord) : step.record;
}
