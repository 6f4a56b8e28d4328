import { apiRequest } from '@/session/api-client';
import type { LoginInput, SessionUser } from '@shared/schemas/user';
import { ValidationError } from '@/sync/validation-error';

export interface LoginResponse {
  success: boolean;
  message: string;
  token: string;
  user: SessionUser;
  /** The key this user signs their changes with on this device (sync/sign-entry.ts). */
  signingKey?: string;
}

/** Login needs the server; the session it returns lets the app work offline afterwards. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  // Loaded on submit, not with the page: zod stays out of the entry bundle (issue 11). The login
  // page asks for it once it has drawn (preloadLoginSchemas), so a submit rarely waits for it.
  const { loginSchema } = await import('@shared/schemas/user');
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  return apiRequest<LoginResponse>('POST', '/api/user/login', parsed.data);
}

/** Fetches the form's rules after the page has drawn (idle), so the first submit does not wait for them. */
export function preloadLoginSchemas(): void {
  void import('@shared/schemas/user').catch(() => undefined);
}
