import { useEffect, useRef, useState } from 'react';
import { searchEverything, type SearchGroup } from './search-everything';

/**
 * The top bar's results for what is typed, read from the device (offline too). An answer for text
 * that has since changed is dropped, so a slow read never replaces a newer one. While a kind is slow
 * to answer, the kinds that have answered are shown, and `searching` stays on until all have.
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
    const early = (found: SearchGroup[]) => {
      // Nothing found yet is not 'nothing found': the earlier results stay until some arrive.
      if (ask === latest.current && found.length > 0) setGroups(found);
    };
    void searchEverything(text, undefined, early)
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
