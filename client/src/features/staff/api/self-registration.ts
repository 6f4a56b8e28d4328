import { apiRequest } from '@/session/api-client';

/** Whether strangers may register on the login page (the server's setting; Admin only). */
export async function readSelfRegistration(): Promise<boolean> {
  return (await apiRequest<{ open: boolean }>('GET', '/api/user/registration')).open;
}

export async function setSelfRegistration(open: boolean): Promise<{ open: boolean; message: string }> {
  return apiRequest('PUT', '/api/user/registration', { open });
}
