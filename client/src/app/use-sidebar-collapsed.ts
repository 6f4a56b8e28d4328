import { useEffect, useState } from 'react';

/** Below this width the sidebar collapses to its icon rail by itself, unless the user has chosen. */
const autoCollapseQuery = '(max-width: 1100px)';
const storageKey = 'sidebarCollapsed';

/**
 * Whether the sidebar is a rail: the user's own choice when they have made one (remembered), else
 * by the screen's width (a 1024 px tablet gets the room for its tables).
 */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [choice, setChoice] = useState(() => localStorage.getItem(storageKey));
  const [isNarrow, setNarrow] = useState(() => window.matchMedia(autoCollapseQuery).matches);

  useEffect(() => {
    const media = window.matchMedia(autoCollapseQuery);
    const follow = () => setNarrow(media.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  const collapsed = choice === null ? isNarrow : choice === '1';
  const toggle = () => {
    const next = collapsed ? '0' : '1';
    localStorage.setItem(storageKey, next);
    setChoice(next);
  };
  return [collapsed, toggle];
}
