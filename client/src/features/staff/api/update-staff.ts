import { apiRequest } from '@/session/api-client';
import { ValidationError } from '@/sync/validation-error';
import { updateStaffSchema, type StaffMember, type UpdateStaffInput } from '@shared/schemas/staff';

/** Updates a staff account; a non-blank password sets a new one (how an Admin answers 'Forgot password?'). */
export async function updateStaff(idempotencyKey: string, input: UpdateStaffInput): Promise<StaffMember> {
  const parsed = updateStaffSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const data = await apiRequest<{ user: StaffMember }>('POST', '/api/user/update-user', parsed.data, { idempotencyKey });
  return data.user;
}
