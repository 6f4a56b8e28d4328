import { mutateEdit } from '@/sync/mutate';
import { followNoReminders } from '@/lib/customer-reminders';
import { toCustomerInput, type CustomerFormValues } from './customer-form-values';
import type { CustomerRow } from './customer-row';

/** Saves what the user changed since the form showed `original` (per-field last-writer-wins on the server). */
export async function updateCustomer(original: CustomerRow, values: CustomerFormValues): Promise<void> {
  await mutateEdit('updateCustomer', original.id, toCustomerInput(values), original as unknown as Record<string, unknown>);
  // 'No reminders' ticked or cleared: the vehicles' reminders leave the list or come back (issue 45).
  if ((original.noReminders === true) !== values.noReminders) await followNoReminders(original.id, values.noReminders);
}
