import { headerKey } from '@shared/import/match-columns';
import type { ImportKind } from '@shared/import/columns';

// The columns a user mapped by hand, by the header as written, kept on this device for the next file
// of that kind (issue 43, point 3): '' is a header they chose to ignore.

const storageKey = (kind: ImportKind) => `import-columns:${kind}`;

export function rememberedColumns(kind: ImportKind): Record<string, string> {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(kind)) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keeps the user's choice for each header they mapped (a column's key, or '' to ignore it). */
export function rememberColumns(kind: ImportKind, chosen: readonly { header: string; key: string }[]): void {
  const remembered = { ...rememberedColumns(kind) };
  for (const { header, key } of chosen) if (headerKey(header)) remembered[headerKey(header)] = key;
  localStorage.setItem(storageKey(kind), JSON.stringify(remembered));
}
