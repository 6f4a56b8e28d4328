import { apiRequest } from '../../../lib/api-client';
import type { RegisterInput } from '../../../../../shared/schemas/user';
import { ValidationError } from '../../../sync/validation-error';

export async function register(input: RegisterInput): Promise<{ success: boolean; message: string }> {
  // Loaded on submit, not with the page: zod stays out of the entry bundle (issue 11).
  const { registerSchema } = await import('../../../../../shared/schemas/user');
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  return apiRequest('POST', '/api/user/register', parsed.data);
}
