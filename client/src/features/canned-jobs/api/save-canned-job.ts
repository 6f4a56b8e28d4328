import { savePlainRecord } from '@/components/plain-form/save-plain-record';
import { cannedJobsEntity, type CannedJobLine } from '@shared/entities/canned-jobs';
import type { CannedJobRow } from './use-canned-jobs';

export interface CannedJobValues {
  name: string;
  packagePrice: string;
  lines: CannedJobLine[];
}

/** Saves the form on this device (an edit sends only what changed: the lines travel as one field). */
export function saveCannedJob(original: CannedJobRow | null, values: CannedJobValues): Promise<string> {
  return savePlainRecord(cannedJobsEntity, original, { name: values.name, packagePrice: values.packagePrice, lines: JSON.stringify(values.lines) });
}
