import { useEffect, useSyncExternalStore } from 'react';
import { cachedRegisterNames, onRegisterNames, refreshRegisterNames, type RegisterNames } from './register-names';

const refreshMs = 5 * 60 * 1000;

/** The registers' names, live: the kept ones at once, asked again on mount and every 5 minutes. */
export function useRegisterNames(): RegisterNames {
  useEffect(() => {
    void refreshRegisterNames();
    const timer = setInterval(() => void refreshRegisterNames(), refreshMs);
    return () => clearInterval(timer);
  }, []);
  return useSyncExternalStore(onRegisterNames, cachedRegisterNames);
}
