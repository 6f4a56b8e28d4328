import { useEffect, useRef, useState } from 'react';
import { searchEverything, type SearchGroup } from './search-everything';

/**
 * The top bar's results for what is typed, read from the device (offline too). An answer for text
 * that has since changed is dropped, so a slow read never replaces a newer one.
 */
export function useGlobalSearch(text: string): { groups: SearchGroup[]; searching: boolean } {
  const [groups, setGroups] = useState<SearchGroup[]>([]);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    const ask = ++latest.current;
    if (text.trim().length < 2 && !/^\d$/.test(text.trim())) {
      setGroups([]);
      setSearching(false);
      return;
    }
    setSearching(true);
    void searchEverything(text)
      .then((found) => {
        if (ask === latest.current) setGroups(found);
      })
      .catch(() => {
        if (ask === latest.current) setGroups([]);
      })
      .finally(() => {
        if (ask === latest.current) setSearching(false);
      });
  }, [text]);
  return { groups, searching };
}
