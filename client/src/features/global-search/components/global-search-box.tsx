import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGlobalSearch } from '../api/use-global-search';
import { prepareSearch, type SearchResult } from '../api/search-everything';
import { MarkedText } from './marked-text';
import { SearchIcon } from '@/components/ui/icons';

/** A touch screen (the workshop tablet): the box folds into an icon, so toasts over the greeting cover no field. */
function useCoarsePointer(): boolean {
  const query = '(pointer: coarse)';
  const [coarse, setCoarse] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const change = () => setCoarse(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, []);
  return coarse;
}

/** A key that should reach the page, not the search: typing in a field, or with a modifier. */
const typingElsewhere = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The top bar's 'Search...' (issue 28): customers, vehicles, job cards, invoices, credit notes,
 * items and services from the device's own data, offline too. '/' or Ctrl+K puts the cursor in it;
 * arrows move through the results, Enter opens one, Escape closes the list. On a touch screen it is
 * an icon beside the bell that opens the box (toasts sit over the greeting there, docs/decisions.md).
 */
export function GlobalSearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const compact = useCoarsePointer();
  const [expanded, setExpanded] = useState(false);
  const folded = compact && !expanded;
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const { groups, searching } = useGlobalSearch(text);
  const results = useMemo(() => groups.flatMap((group) => group.results), [groups]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingElsewhere(event.target);
      const ctrlK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
      if (!slash && !ctrlK) return;
      event.preventDefault();
      setExpanded(true);
      // Rendered by now when the box was shown; a folded one gets the cursor as it opens (autoFocus).
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setActive(0), [groups]);

  const go = (result: SearchResult) => {
    setOpen(false);
    setText('');
    setExpanded(false);
    input.current?.blur();
    navigate(result.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : results.length - 1)) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) go(chosen);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setExpanded(false);
      input.current?.blur();
    }
  };

  const showList = open && (text.trim().length >= 2 || /^\d$/.test(text.trim()));
  let index = -1;
  if (folded) {
    return (
      <div className="global-search compact">
        <button type="button" className="icon-button global-search-toggle" aria-label="Search" title="Search" onClick={() => setExpanded(true)}>
          <SearchIcon />
        </button>
      </div>
    );
  }
  return (
    <div className={`global-search${compact ? ' compact expanded' : ''}`}>
      <input
        ref={input}
        type="search"
        className="global-search-input"
        placeholder="Search..."
        aria-label="Search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && results[active] ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        autoFocus={compact}
        onFocus={() => {
          setOpen(true);
          prepareSearch();
        }}
        onBlur={() => {
          setOpen(false);
          if (!text.trim()) setExpanded(false);
        }}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <div className="global-search-results" id={listId} role="listbox" aria-label="Search results" aria-busy={searching}>
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-label={group.label} className="global-search-group">
              <div className="global-search-group-label" aria-hidden="true">
                {group.label}
              </div>
              {group.results.map((result) => {
                index += 1;
                const position = index;
                return (
                  <div
                    key={`${result.kind}:${result.id}`}
                    id={`${listId}-${position}`}
                    role="option"
                    aria-selected={position === active}
                    className={`global-search-option${position === active ? ' active' : ''}`}
                    // Chosen before the input's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      go(result);
                    }}
                    onMouseEnter={() => setActive(position)}
                  >
                    <span className="global-search-title">
                      <MarkedText text={result.title} typed={text} />
                    </span>
                    {result.detail && (
                      <span className="global-search-detail">
                        <MarkedText text={result.detail} typed={text} />
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
          {groups.length === 0 && <div className="global-search-empty">{searching ? 'Searching...' : 'Nothing found on this device.'}</div>}
        </div>
      )}
    </div>
  );
}
