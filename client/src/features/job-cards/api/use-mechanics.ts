import { useEffect, useState } from 'react';
import { apiRequest } from '@/session/api-client';

export interface Mechanic {
  _id: string;
  name: string;
  role: string;
}

const storageKey = 'mechanics';
const listeners = new Set<(list: Mechanic[]) => void>();

function cached(): Mechanic[] {
  try {
    const list = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as Mechanic[]) : [];
  } catch {
    return [];
  }
}

/**
 * Staff accounts live on the server only, so the list of people a job can be given to is read
 * whenever the server answers (after login, when the connection returns, when a job screen opens)
 * and kept on the device: a tablet that was online once can assign mechanics offline.
 */
export async function refreshMechanics(): Promise<void> {
  try {
    const { mechanics } = await apiRequest<{ mechanics: Mechanic[] }>('GET', '/api/user/mechanics');
    if (!Array.isArray(mechanics)) return;
    localStorage.setItem(storageKey, JSON.stringify(mechanics));
    for (const listener of listeners) listener(mechanics);
  } catch {
    // Offline or refused: the list from the last time stays.
  }
}

/** The mechanics known on this device, refreshed from the server when it answers. */
export function useMechanics(): Mechanic[] {
  const [mechanics, setMechanics] = useState<Mechanic[]>(cached);
  useEffect(() => {
    listeners.add(setMechanics);
    void refreshMechanics();
    return () => {
      listeners.delete(setMechanics);
    };
  }, []);
  return mechanics;
}
