import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

export interface Mechanic {
  _id: string;
  name: string;
  role: string;
}

const storageKey = 'mechanics';

function cached(): Mechanic[] {
  try {
    const list = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as Mechanic[]) : [];
  } catch {
    return [];
  }
}

/**
 * The staff a job can be given to. Staff accounts live on the server only, so the list is read
 * when the server answers and kept on the device for offline use (the job keeps the name too).
 */
export function useMechanics(): Mechanic[] {
  const [mechanics, setMechanics] = useState<Mechanic[]>(cached);
  useEffect(() => {
    let live = true;
    apiRequest<{ mechanics: Mechanic[] }>('GET', '/api/user/mechanics')
      .then(({ mechanics: fresh }) => {
        if (!live || !Array.isArray(fresh)) return;
        localStorage.setItem(storageKey, JSON.stringify(fresh));
        setMechanics(fresh);
      })
      .catch(() => {
        // Offline or refused: the list from the last time stays.
      });
    return () => {
      live = false;
    };
  }, []);
  return mechanics;
}
