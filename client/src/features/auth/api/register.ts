import { apiRequest } from '@/session/api-client';
import type { RegisterInput } from '@shared/schemas/user';
import { ValidationError } from '@/sync/validation-error';

export async function register(input: RegisterInput): Promise<{ success: boolean; message: string }> {
  // Loaded on submit, not with the page: zod stays out of the entry bundle (issue 11).
  const { registerSchema } = await import('@shared/schemas/user');
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  // The first account on a new server, made away from the shop PC, needs the setup code the server
  // printed with the address to open: `/?setup=XXXX-XXXX` (server/src/auth/first-account.ts).
  const setupCode = new URLSearchParams(window.location.search).get('setup');
  return apiRequest('POST', '/api/user/register', setupCode ? { ...parsed.data, setupCode } : parsed.data);
}
