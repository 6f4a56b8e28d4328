import { apiRequest } from '@/session/api-client';
import { refreshRegisterNames } from '@/lib/register-names';
import type { RegisterName } from '@shared/schemas/register';

/** A register as an Admin's list shows it (GET /api/sync/devices). */
export interface RegisterRow extends RegisterName {
  /** Who registered it (its first user). */
  userName: string;
  createdAt: string;
  lastContactAt: string | null;
}

export async function readRegisters(): Promise<RegisterRow[]> {
  return (await apiRequest<{ devices: RegisterRow[] }>('GET', '/api/sync/devices')).devices;
}

/** Names a register ('' takes the name away); this device's kept names follow at once. */
export async function nameRegister(code: string, name: string): Promise<{ message: string; register: RegisterName }> {
  const answer = await apiRequest<{ message: string; register: RegisterName }>('PUT', `/api/sync/devices/${encodeURIComponent(code)}`, { name });
  await refreshRegisterNames();
  return answer;
}
