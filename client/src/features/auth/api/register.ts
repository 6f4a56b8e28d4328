import { apiRequest } from '../../../lib/api-client';
import { registerSchema, type RegisterInput } from '../../../../../shared/schemas/user';
import { ValidationError } from '../../../sync/validation-error';

export async function register(input: RegisterInput): Promise<{ success: boolean; message: string }> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  return apiRequest('POST', '/api/user/register', parsed.data);
}
