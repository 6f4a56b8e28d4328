import { apiRequest } from '../../../lib/api-client';
import { loginSchema, type LoginInput, type SessionUser } from '../../../../../shared/schemas/user';
import { ValidationError } from '../../../sync/validation-error';

export interface LoginResponse {
  success: boolean;
  message: string;
  token: string;
  user: SessionUser;
}

/** Login needs the server; the session it returns lets the app work offline afterwards. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  return apiRequest<LoginResponse>('POST', '/api/user/login', parsed.data);
}
