import { Hono } from 'hono';
import { and, asc, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, notFound, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
import { containsPattern, likeEscaped, maxPageSize, pageFields, readListQuery } from '../http/query-params';
import { requirePermission } from '../auth/require-auth';
import { goodsReceiptLines, goodsReceipts, purchaseOrderLines, purchaseOrders, supplierReturns } from '../db/schema';
import { receiptMessages, type GoodsReceiptRow } from '@shared/schemas/receipt';
import { supplierReturnMessages, type SupplierReturnRow } from '@shared/schemas/supplier-return';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import { can, type Role } from '@shared/domain/permissions';
import { overReceived, stillToCome } from '@shared/domain/purchase-orders';
import { projectRow } from '@shared/sync/read-scope';
import { newRecordId } from '@shared/sync/record-id';
import { purchaseMessages, purchaseOrderStatuses, type PurchaseOrderLineRow, type PurchaseOrderRow } from '@shared/schemas/purchase-order';
import type { SyncedRow } from '@shared/sync/tables';

/** An order as the API gives it, without its costs for a role that reads none (shared/sync/read-scope.ts). */
export function purchaseOrderToApi(stored: PurchaseOrderRow | SyncedRow, role: Role) {
  const order = projectRow('purchaseOrders', stored as SyncedRow, role) as unknown as PurchaseOrderRow;
  return {
    _id: order.id,
    orderNo: order.orderNo,
    supplierId: order.supplierId,
    supplierName: order.supplierName,
    status: order.status,
    note: order.note,
    ...(order.totalCents !== undefined ? { total: fromCents(order.totalCents) } : {}),
    createdAt: order.createdAt,
    createdBy: order.createdBy,
    orderedAt: order.orderedAt,
  };
}

export function purchaseOrderLineToApi(stored: PurchaseOrderLineRow, role: Role) {
  const line = projectRow('purchaseOrderLines', stored as unknown as SyncedRow, role) as unknown as PurchaseOrderLineRow;
  return {
    _id: line.id,
    itemId: line.itemId,
    itemName: line.itemName,
    barcode: line.barcode,
    supplierPartNo: line.supplierPartNo,
    quantity: fromHundredths(line.quantityHundredths),
    ...(line.unitCostCents !== undefined ? { unitCost: fromCents(line.unitCostCents) } : {}),
    received: fromHundredths(line.receivedHundredths),
    cancelled: fromHundredths(line.cancelledHundredths),
    stillToCome: fromHundredths(stillToCome(line)),
    overReceived: fromHundredths(overReceived(line)),
  };
}

/** A delivery as the API gives it: its review, and its total for a role that reads costs. */
export function receiptToApi(stored: GoodsReceiptRow, role: Role) {
  const receipt = projectRow('goodsReceipts', stored as unknown as SyncedRow, role) as unknown as GoodsReceiptRow;
  return {
    _id: receipt.id,
    orderId: receipt.orderId,
    orderNo: receipt.orderNo,
    supplierName: receipt.supplierName,
    note: receipt.note,
    ...(receipt.totalCents !== undefined ? { total: fromCents(receipt.totalCents) } : {}),
    receivedBy: receipt.userName,
    createdAt: receipt.createdAt,
    reviewState: receipt.reviewState,
    reviewReason: receipt.reviewReason,
  };
}

/** A return to the supplier as the API gives it (only roles that read costs may make or read one). */
export function supplierReturnToApi(row: SupplierReturnRow) {
  return {
    _id: row.id,
    receiptId: row.receiptId,
    orderId: row.orderId,
    orderNo: row.orderNo,
    supplierName: row.supplierName,
    note: row.note,
    credit: fromCents(row.totalCents),
    returnedBy: row.userName,
    createdAt: row.createdAt,
    reviewState: row.reviewState,
    reviewReason: row.reviewReason,
  };
}

const objectBody = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
};

/** The spec-like aliases of a body's lines: `item` for itemId; a line without an id gets one. */
function linesOf(lines: unknown): unknown {
  if (!Array.isArray(lines)) return lines;
  return lines.map((line) => {
    if (!line || typeof line !== 'object') return line;
    const given = line as Record<string, unknown>;
    return { ...given, id: typeof given.id === 'string' && given.id ? given.id : newRecordId(), itemId: given.itemId ?? given.item };
  });
}

/**
 * Purchase orders over REST (issue 44): the same mutations as a device's, numbered in the server's
 * series (PO-SRV-…). Every role lists and reads them (Staff receive against them), without costs
 * unless it reads costs; Managers and Admins (`purchase`) create, change, place and cancel them.
 */
export function purchaseOrderRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('viewCatalog'));
  const mayPurchase = requirePermission('purchase');
  /** Over REST a return's line may name its delivery line alone: its item is that line's (none for a line not held: refused as not on the delivery). */
  const itemOfReceiptLine = async (id: unknown) =>
    typeof id === 'string' ? ((await db.select({ itemId: goodsReceiptLines.itemId }).from(goodsReceiptLines).where(eq(goodsReceiptLines.id, id)).get())?.itemId ?? id) : id;

  app.get('/', async (c) => {
    const query = c.req.query();
    const { search, page, size = maxPageSize } = readListQuery(query);
    const status = query.status?.trim() ?? '';
    if (status && !(purchaseOrderStatuses as readonly string[]).includes(status)) throw badRequest(`status must be one of ${purchaseOrderStatuses.join(', ')}.`);
    const where: SQL[] = [eq(purchaseOrders.deleted, false)];
    if (status) where.push(eq(purchaseOrders.status, status as PurchaseOrderRow['status']));
    if (search) where.push(or(likeEscaped(purchaseOrders.orderNo, containsPattern(search)), likeEscaped(purchaseOrders.supplierName, containsPattern(search)))!);
    const filter = and(...where);
    const total = (await db.select({ n: count() }).from(purchaseOrders).where(filter).get())?.n ?? 0;
    const rows = await db
      .select()
      .from(purchaseOrders)
      .where(filter)
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
      .limit(size)
      .offset((page - 1) * size)
      .all();
    const role = c.get('user').role;
    return c.json({ orders: rows.map((row) => purchaseOrderToApi(row as PurchaseOrderRow, role)), total, ...pageFields(total, page, size) });
  });

  app.get('/:id', async (c) => {
    const order = await db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, c.req.param('id')))
      .get();
    if (!order || order.deleted) throw notFound(purchaseMessages.notFound);
    const lines = await db
      .select()
      .from(purchaseOrderLines)
      .where(and(eq(purchaseOrderLines.orderId, order.id), eq(purchaseOrderLines.deleted, false)))
      .orderBy(asc(purchaseOrderLines.position))
      .all();
    const role = c.get('user').role;
    const receipts = await db.select().from(goodsReceipts).where(eq(goodsReceipts.orderId, order.id)).orderBy(asc(goodsReceipts.createdAt)).all();
    // What went back to the supplier from its deliveries: costs, so only for a role that reads them.
    const returns = can(role, 'readCostPrices')
      ? await db
          .select()
          .from(supplierReturns)
          .where(and(eq(supplierReturns.orderId, order.id), eq(supplierReturns.deleted, false)))
          .orderBy(asc(supplierReturns.createdAt))
          .all()
      : [];
    return c.json({
      order: purchaseOrderToApi(order as PurchaseOrderRow, role),
      lines: lines.map((line) => purchaseOrderLineToApi(line as PurchaseOrderLineRow, role)),
      receipts: receipts.map((receipt) => receiptToApi(receipt as GoodsReceiptRow, role)),
      ...(can(role, 'readCostPrices') ? { returns: returns.map((row) => supplierReturnToApi(row as SupplierReturnRow)) } : {}),
    });
  });

  app.post('/', mayPurchase, async (c) => {
    const body = objectBody(await readJson(c));
    const args = { ...body, id: typeof body.id === 'string' && body.id ? body.id : newRecordId(), supplierId: body.supplierId ?? body.supplier, lines: linesOf(body.lines) };
    delete (args as Record<string, unknown>).orderNo;
    const order = (await runMutation(c, deps, 'createPurchaseOrder', args)) as PurchaseOrderRow;
    return c.json({ success: true, message: purchaseMessages.created(order.orderNo), order: purchaseOrderToApi(order, c.get('user').role) }, 201);
  });

  app.put('/:id', mayPurchase, async (c) => {
    const body = objectBody(await readJson(c));
    const order = (await runMutation(c, deps, 'updatePurchaseOrder', { ...body, id: c.req.param('id'), lines: linesOf(body.lines) })) as PurchaseOrderRow;
    return c.json({ success: true, order: purchaseOrderToApi(order, c.get('user').role) });
  });

  // A delivery over REST (issue 44): quantities only, every role that receives; a part not on the order names no line.
  app.post('/:id/receipts', requirePermission('receiveGoods'), async (c) => {
    const body = objectBody(await readJson(c));
    const lines = Array.isArray(body.lines)
      ? body.lines.map((line: unknown) => {
          if (!line || typeof line !== 'object') return line;
          const given = line as Record<string, unknown>;
          const orderLineId = given.orderLineId ?? given.orderLine;
          return { ...given, id: typeof given.id === 'string' && given.id ? given.id : newRecordId(), itemId: given.itemId ?? given.item, ...(orderLineId ? { orderLineId } : {}) };
        })
      : body.lines;
    const args = { ...body, id: typeof body.id === 'string' && body.id ? body.id : newRecordId(), orderId: c.req.param('id'), lines };
    const receipt = (await runMutation(c, deps, 'receiveGoods', args)) as GoodsReceiptRow;
    return c.json({ success: true, message: receiptMessages.recorded(Array.isArray(lines) ? lines.length : 0), receipt: receiptToApi(receipt, c.get('user').role) }, 201);
  });

  // Parts of a delivery sent back to the supplier (issue 44, point 7): Managers and Admins; each line names
  // the delivery line (`receiptLine`) and the quantity; its item is the delivery line's.
  app.post('/receipts/:receiptId/returns', mayPurchase, async (c) => {
    const body = objectBody(await readJson(c));
    const receiptId = c.req.param('receiptId');
    const lineOf = async (line: unknown) => {
      if (!line || typeof line !== 'object') return line;
      const given = line as Record<string, unknown>;
      const receiptLineId = given.receiptLineId ?? given.receiptLine;
      const itemId = given.itemId ?? given.item ?? (await itemOfReceiptLine(receiptLineId));
      return { ...given, id: typeof given.id === 'string' && given.id ? given.id : newRecordId(), receiptLineId, itemId };
    };
    let lines: unknown = body.lines;
    if (Array.isArray(body.lines)) {
      const each: unknown[] = [];
      for (const line of body.lines as unknown[]) each.push(await lineOf(line));
      lines = each;
    }
    const args = { ...body, id: typeof body.id === 'string' && body.id ? body.id : newRecordId(), receiptId, lines };
    const made = (await runMutation(c, deps, 'returnToSupplier', args)) as SupplierReturnRow;
    return c.json({ success: true, message: supplierReturnMessages.recorded(Array.isArray(lines) ? lines.length : 0), return: supplierReturnToApi(made) }, 201);
  });

  app.post('/:id/order', mayPurchase, async (c) => {
    const order = (await runMutation(c, deps, 'placePurchaseOrder', { id: c.req.param('id') })) as PurchaseOrderRow;
    return c.json({ success: true, order: purchaseOrderToApi(order, c.get('user').role) });
  });

  app.post('/:id/cancel', mayPurchase, async (c) => {
    // The body is optional: none cancels what is still to come of the whole order.
    const body = (await c.req.raw.clone().text()).trim() ? objectBody(await readJson(c)) : {};
    const order = (await runMutation(c, deps, 'cancelPurchaseOrder', { id: c.req.param('id'), ...(body.lineId ? { lineId: body.lineId } : {}) })) as PurchaseOrderRow;
    return c.json({ success: true, order: purchaseOrderToApi(order, c.get('user').role) });
  });

  return app;
}
