import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { localDay } from '@/lib/document-format';
import { returnsReport, type ReturnsGrouping } from '@shared/reports/returns-report';
import { dayAfter, dayStart } from '@/features/reports/frame/day-bounds';

/**
 * The Returns Report's figures from the device's own credit notes (offline too), live: the period's
 * credit notes through their date index, their lines by credit note. undefined while loading.
 */
export function useReturnsReport(from: string, to: string, by: ReturnsGrouping) {
  return useLiveQuery(async () => {
    if (!from || !to || from > to) return returnsReport([], [], by);
    const notes = (await db.creditNotes.where('date').between(dayStart(from), dayAfter(to), true, false).toArray()).filter((note) => !note.deleted);
    const lines = notes.length
      ? (
          await db.creditNoteLines
            .where('creditNoteId')
            .anyOf(notes.map((note) => note.id))
            .toArray()
        ).filter((line) => !line.deleted)
      : [];
    return returnsReport(
      notes.map((note) => ({
        id: note.id,
        day: localDay(note.date),
        reason: note.reason,
        subTotalCents: note.subTotalCents,
        taxCents: note.taxCents,
        totalCents: note.totalCents,
        refundCents: note.refundCents,
      })),
      lines,
      by,
    );
  }, [from, to, by]);
}
