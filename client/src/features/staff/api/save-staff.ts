import { apiRequest } from '@/session/api-client';
import { ValidationError } from '@/sync/validation-error';
import { saveStaffSchema, type SaveStaffInput, type StaffMember } from '@shared/schemas/staff';

/** Creates a staff account on the server (online only); a broken rule throws ValidationError first. */
export async function saveStaff(idempotencyKey: string, input: SaveStaffInput): Promise<StaffMember> {
  const parsed = saveStaffSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const data = await apiRequest<{ user: StaffMember }>('POST', '/api/user/save-user', { ...parsed.data, id: null }, { idempotencyKey });
  return data.user;
}
