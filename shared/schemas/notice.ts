/**
 * A message for one user, made by the server (today: their edit was replaced by a later one, issue 23).
 * Synced like any table; each device shows the ones for whoever is logged in until they dismiss them.
 */
export interface NoticeRow {
  id: string;
  /** Who is told. */
  userId: string;
  /** The words they read. */
  message: string;
  /** The record it is about (`customers`, an id), so the notice can link to it. */
  recordTable: string;
  recordId: string;
  /** When the server made it. */
  createdAt: string;
  dismissed: boolean;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
