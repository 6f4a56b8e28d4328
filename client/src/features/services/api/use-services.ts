import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import type { ServiceRow } from '@shared/schemas/service';

const services = db.services;

// Numbered services in number order; those still waiting for a number (made offline) last.
function byServiceId(a: ServiceRow, b: ServiceRow): number {
  if (a.serviceId && b.serviceId) return a.serviceId.localeCompare(b.serviceId);
  if (a.serviceId || b.serviceId) return a.serviceId ? -1 : 1;
  return a.name.localeCompare(b.name);
}

/** All services matching words of their service id or name (a garage has tens, not thousands). */
export function useServices(search: string): ServiceRow[] | undefined {
  return useLiveQuery(async () => {
    // Not orderBy('serviceId'): an index leaves out the rows whose serviceId is still null.
    const rows = search.trim() ? (await queryPage(services, { search, page: 1, pageSize: Number.MAX_SAFE_INTEGER })).rows : await services.toArray();
    return rows.sort(byServiceId);
  }, [search]);
}
