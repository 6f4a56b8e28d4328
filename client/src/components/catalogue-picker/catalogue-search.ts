import { db } from '@/db/instance';
import { queryPage } from '@/search';
import type { CannedJobLine } from '@shared/entities/canned-jobs';

export interface CatalogueChoice {
  // Shared by the canned jobs' form and the estimate's (issue 45).
  kind: CannedJobLine['kind'];
  refId: string;
  name: string;
  priceCents: number;
}

/** Services and parts whose words start with the typed ones, 6 of each, for a canned job's lines. */
export async function searchCatalogue(text: string): Promise<CatalogueChoice[]> {
  if (text.trim().length < 2) return [];
  const [services, items] = await Promise.all([queryPage(db.services, { search: text, page: 1, pageSize: 6 }), queryPage(db.items, { search: text, page: 1, pageSize: 6 })]);
  return [
    ...services.rows.map((row) => ({ kind: 'service' as const, refId: row.id, name: row.name, priceCents: row.priceCents })),
    ...items.rows.map((row) => ({ kind: 'item' as const, refId: row.id, name: row.itemName, priceCents: row.unitPriceCents })),
  ];
}
