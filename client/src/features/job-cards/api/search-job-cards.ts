import { queryPage } from '@/search';
import { jobCards } from './job-tables';
import type { JobCardRow } from '@shared/schemas/job-card';

/** 'Search Job Cards': the newest jobs whose number, customer name, phone or plate match. */
export async function searchJobCards(text: string, limit = 8): Promise<JobCardRow[]> {
  if (text.trim().length === 0) return [];
  return (await queryPage(jobCards, { search: text, page: 1, pageSize: limit })).rows;
}
