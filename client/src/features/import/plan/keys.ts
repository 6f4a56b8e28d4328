/**
 * The natural keys an import matches records by (docs/decisions.md, Moving in). A phone by its
 * digits, +94 and 0094 written as the leading 0, so '+94 77 123 4567' is '0771234567'; a name by its
 * words, whatever their case and spacing.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^0094\d{9}$/.test(digits)) return `0${digits.slice(4)}`;
  if (/^94\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

export const nameKey = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
