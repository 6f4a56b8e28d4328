// Search and paging of the device's tables: the page query, its hook, and the in-memory index's warm-up.
export { positionInSortOrder, queryPage, warmSearchIndex } from './query-page';
export { usePagedSearch } from './use-paged-search';
export type { PagedResult, PageQuery, SearchRow } from './types';
