import { apiRequest } from '@/session/api-client';

export async function deleteStaff(id: string): Promise<void> {
  await apiRequest('POST', '/api/user/delete-user', { id });
}
