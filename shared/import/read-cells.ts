import { isCalendarDay, readTypedDay } from '../schemas/dates';

// A cell of an imported file (issue 43, point 4) as the shared schemas take it. A cell that cannot be
// read is passed on as it was written, so the form's own rule refuses it in the form's own words;
// a blank cell is undefined, so an optional field takes its default and an update keeps its value.

const isBlankCell = (cell: unknown) => cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');

/**
 * A CSV written to be opened in a spreadsheet (our exports, our problems file) keeps a cell that
 * starts with =, +, - or @ from running as a formula by an apostrophe before it: read back as written.
 */
const unguarded = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

/** A day as 'YYYY-MM-DD' from a Date a spreadsheet gave: its midnight UTC is the day it shows. */
const dayOfDate = (date: Date) => date.toISOString().slice(0, 10);

/** Text as typed; a spreadsheet's number, boolean or date cell as it shows. */
export function readTextCell(cell: unknown): string | undefined {
  if (isBlankCell(cell)) return undefined;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : dayOfDate(cell);
  if (typeof cell === 'number') return String(Number(cell.toPrecision(15)));
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return unguarded(String(cell).trim());
}

// 'Rs.', 'Rs', 'LKR', '₨' and the Sinhala 'රු.' before or after the amount.
const currency = /^(?:rs\.?|lkr|₨|රු\.?)\s*|\s*(?:rs\.?|lkr|₨|රු\.?)$/giu;
const plain = /^-?(\d+(\.\d*)?|\.\d+)$/;
// Thousands grouped by commas (international, or lakhs as '1,00,000'), or by spaces.
const grouped = /^-?\d{1,3}((,\d{3})+|((,\d{2})+,\d{3}))(\.\d+)?$/;
const spaced = /^-?\d{1,3}( \d{3})+(\.\d+)?$/;
// One comma and one or two digits after it, no point: a decimal comma.
const decimalComma = /^-?\d+,\d{1,2}$/;

/** An amount or a quantity: '1,250.50', 'Rs. 1,250.50', '(1,250.00)' for a negative; anything else as written. */
export function readNumberCell(cell: unknown): unknown {
  if (isBlankCell(cell)) return undefined;
  if (typeof cell !== 'string') return cell;
  const written = unguarded(cell.trim());
  let text = written.replace(currency, '').trim();
  let sign = '';
  if (/^\(.*\)$/.test(text)) {
    sign = '-';
    text = text.slice(1, -1).trim();
  }
  if (plain.test(text)) return Number(sign + text);
  if (grouped.test(text) || spaced.test(text)) return Number(sign + text.replace(/[, ]/g, ''));
  if (decimalComma.test(text)) return Number(sign + text.replace(',', '.'));
  return written;
}

/** A day as 'YYYY-MM-DD' from dd/MM/yyyy (also '-' or '.'), yyyy-MM-dd (also '/') or a date cell; anything else as written. */
export function readDayCell(cell: unknown): unknown {
  if (isBlankCell(cell)) return undefined;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : dayOfDate(cell);
  if (typeof cell !== 'string') return cell;
  const text = unguarded(cell.trim());
  const typed = readTypedDay(text);
  if (typed) return typed;
  const yearFirst = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(T[\d:.]+Z?)?$/.exec(text);
  if (yearFirst) {
    const day = `${yearFirst[1]}-${yearFirst[2]!.padStart(2, '0')}-${yearFirst[3]!.padStart(2, '0')}`;
    if (isCalendarDay(day)) return day;
  }
  return text;
}
