import { useEffect, useState } from 'react';
import { apiRequest } from '@/session/api-client';
import { can } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/permissions';

export interface RegisterContact {
  code: string;
  /** The name an Admin gave it (issue 47); absent in an answer kept from an older server. */
  name?: string;
  userName: string;
  createdAt: string;
  lastContactAt: string | null;
}

const storageKey = 'bell:registers';
const refreshMs = 5 * 60 * 1000;

function lastKnown(): RegisterContact[] {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as RegisterContact[]) : [];
  } catch {
    return [];
  }
}

/**
 * Every register's last contact, as the server noted it (GET /api/sync/devices), for an Admin's
 * bell: asked when the bell mounts and every 5 minutes; offline, the last answer stands (kept on
 * this device), since only the server knows when the others last synced.
 */
export function useRegisterContacts(role: Role | undefined): RegisterContact[] {
  const admin = can(role, 'manageStaff');
  const [contacts, setContacts] = useState<RegisterContact[]>(() => (admin ? lastKnown() : []));
  useEffect(() => {
    if (!admin) {
      setContacts([]);
      return;
    }
    setContacts(lastKnown());
    let stopped = false;
    const ask = () =>
      apiRequest<{ devices: RegisterContact[] }>('GET', '/api/sync/devices')
        .then(({ devices }) => {
          if (stopped) return;
          localStorage.setItem(storageKey, JSON.stringify(devices));
          setContacts(devices);
        })
        .catch(() => undefined);
    void ask();
    const timer = setInterval(() => void ask(), refreshMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [admin]);
  return contacts;
}
