/**
 * What a top-bar search looks like (issue 28): a job number, an invoice or credit note number, a
 * phone, a plate or plain words. The kind it looks like is listed first; every kind is still
 * searched, so a guess never hides a result. At a garage counter the first question is "whose car
 * is this?", asked with half a plate, a phone ending or a job number.
 */
export type SearchShape =
  | { kind: 'job'; jobNumber: string }
  | { kind: 'invoice'; prefix: string }
  | { kind: 'creditNote'; prefix: string }
  | { kind: 'phone'; digits: string }
  | { kind: 'plate'; key: string }
  | { kind: 'words' };

/** Sri Lanka's provinces as plates carry them (WP CAB-1234); a search ignores them. */
const provinces = ['WP', 'CP', 'SP', 'NP', 'EP', 'NW', 'NC', 'UP', 'UVA', 'SG', 'SAB'];
const provincePrefix = new RegExp(`^(?:${provinces.join('|')})[\\s-]+(?=[\\p{L}\\p{N}])`, 'u');

/**
 * A plate as one key, whatever its spacing, dashes, case or province: 'WP CAB-1234', 'cab1234' and
 * 'CAB 1234' are all 'CAB1234'; '65-1234' is '651234'. Letters of any script stay (old plates carry
 * 'ශ්‍රී'), with their marks.
 */
export function plateKey(plate: string): string {
  const upper = plate.normalize('NFKC').toUpperCase().trim();
  return upper.replace(provincePrefix, '').replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
}

/** Letters then 4 digits (CAB1234, KV4567), or an old numeric series: 2–3 digits then 4 (65-1234). */
const modernPlate = /^[A-Z]{1,3}\d{4}$/;
const numericPlate = /^\d{2,3}\s*-\s*\d{4}$/;

export function searchShape(typed: string): SearchShape {
  const text = typed.trim();
  const job = /^job[\s-]*(\d{1,6})$/i.exec(text);
  if (job) return { kind: 'job', jobNumber: `JOB-${job[1]!.padStart(4, '0')}` };
  if (/^inv[\s-]/i.test(text)) return { kind: 'invoice', prefix: text.toUpperCase().replace(/\s+/g, '-') };
  if (/^cn[\s-]/i.test(text)) return { kind: 'creditNote', prefix: text.toUpperCase().replace(/\s+/g, '-') };
  // A service's id (SRV-0003) has a plate's shape; it is a service's.
  if (/^srv[\s-]*\d+$/i.test(text)) return { kind: 'words' };
  const digits = text.replace(/[\s-]/g, '').replace(/^\+94/, '0');
  if (/^\d{7,12}$/.test(digits) && !numericPlate.test(text)) return { kind: 'phone', digits };
  const key = plateKey(text);
  if (modernPlate.test(key) || numericPlate.test(text.replace(provincePrefix, ''))) return { kind: 'plate', key };
  // A bare number is most often a job's (12 is JOB-0012); it is searched everywhere else too.
  if (/^\d{1,6}$/.test(text)) return { kind: 'job', jobNumber: `JOB-${text.padStart(4, '0')}` };
  return { kind: 'words' };
}
