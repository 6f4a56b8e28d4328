import { createServiceSchema } from '@shared/schemas/service';
import { formatMoney, toCents } from '@shared/domain/money';
import { readTextCell } from '@shared/import/read-cells';
import { editPatch } from '@/sync/edit-patch';
import { nameKey } from './keys';
import { RowProblems } from './row-problems';
import { emptyTally, type CreateStep, type FileRow, type ImportPlan, type PlanStep } from './plan-types';

export interface ShopService {
  id: string;
  name: string;
  priceCents: number;
}

/**
 * The dry run of a services file: each row checked by the service form's rules, a service matched
 * to the shop's by its name (any case) and made, updated or left alone. A name given twice with one
 * price is one service; with two prices it is refused on the later row.
 */
export function planServices(rows: readonly FileRow[], shop: readonly ShopService[], newId: () => string): ImportPlan {
  const problems = new RowProblems('services');
  const stored = new Map(shop.map((service) => [nameKey(service.name), service]));
  const seen = new Map<string, { row: number; name: string; priceCents: number; step?: PlanStep }>();
  const steps: PlanStep[] = [];
  const tallies = { services: emptyTally() };
  for (const { row, cells } of rows) {
    const name = readTextCell(cells.name) ?? '';
    const checked = createServiceSchema.safeParse({ id: 'check', name, price: cells.price ?? '' });
    if (!checked.success) {
      problems.addIssue(row, checked.error, (path) => String(path[0]));
      continue;
    }
    const key = nameKey(checked.data.name);
    const priceCents = toCents(checked.data.price);
    const earlier = seen.get(key);
    if (earlier) {
      if (earlier.priceCents !== priceCents) {
        problems.add(
          row,
          'price',
          `Service ${earlier.name} has the price ${formatMoney(earlier.priceCents)} on row ${earlier.row} and ${formatMoney(priceCents)} here: write it the same way on each row.`,
        );
      } else if (earlier.step) (earlier.step.rows as number[]).push(row);
      continue;
    }
    const existing = stored.get(key);
    let step: PlanStep | undefined;
    if (!existing) {
      const id = newId();
      step = { op: 'create', table: 'services', id, name: 'createService', args: { id, name, price: cells.price }, rows: [row] } satisfies CreateStep;
      tallies.services.new++;
    } else {
      const record = { price: cells.price };
      if (editPatch('updateService', existing.id, record, existing as unknown as Record<string, unknown>)) {
        step = { op: 'update', table: 'services', id: existing.id, name: 'updateService', record, rows: [row] };
        tallies.services.update++;
      } else tallies.services.unchanged++;
    }
    if (step) steps.push(step);
    seen.set(key, { row, name: checked.data.name, priceCents, step });
  }
  return { steps, tallies, problems: problems.list(), totals: { services: seen.size } };
}
