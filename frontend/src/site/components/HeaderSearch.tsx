import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  SEARCH_MAX_LENGTH, SEARCH_TEXT, SEARCH_TYPE_LABELS, searchHref, snippetText, SUGGEST_MIN_LENGTH, type SearchResult, type SuggestResponse,
} from '../../../../common/search.js';
import './header-search.css';

/** Wait this long after the last key before asking: one request per pause, not per letter. */
const DEBOUNCE_MS = 200;

/**
 * The header's search box (issue #29): a plain GET form to /search, so it works before and without JavaScript.
 * With it, an ARIA combobox: suggestions from 2 characters (GET /_api/search/suggest, one request, debounced),
 * arrows move through them, Enter opens the chosen one (or the results page), Escape closes the list.
 */
export function HeaderSearch() {
  const id = useId();
  const listId = `${id}-list`;
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(current);
  const [results, setResults] = useState<SearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef('');

  // A new page: the box shows what that page searched for (or nothing) and the list closes.
  useEffect(() => {
    setText(current);
    setOpen(false);
    setActive(-1);
  }, [current, location.key]);

  useEffect(() => {
    const q = text.trim();
    if ([...q].length < SUGGEST_MIN_LENGTH || q === asked.current) {
      if ([...q].length < SUGGEST_MIN_LENGTH) setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/_api/search/suggest?${new URLSearchParams({ q })}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<SuggestResponse>) : null))
        .then((body) => {
          if (!body) return;
          asked.current = q;
          setResults(body.results);
          setActive(-1);
        })
        // A failed or superseded suggestion leaves the form working as a plain search.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const showing = open && results.length > 0 && [...text.trim()].length >= SUGGEST_MIN_LENGTH;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!results.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: past either end the focus comes back to the text typed.
      setActive((a) => {
        const next = a + step;
        return next >= results.length ? -1 : next < -1 ? results.length - 1 : next;
      });
    } else if (e.key === 'Escape') {
      if (showing) e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter' && showing && active >= 0 && active < results.length) {
      e.preventDefault();
      setOpen(false);
      void navigate(results[active].url);
    }
  };

  return (
    // A named form, not a second "search" landmark: the blog's sidebar search keeps that role on its pages.
    <form className="header-search" aria-label="Site search" action="/search" method="get" onSubmit={(e) => {
      const q = text.trim();
      e.preventDefault();
      setOpen(false);
      void navigate(searchHref(q));
    }}>
      <label htmlFor={`${id}-q`} className="visually-hidden">{SEARCH_TEXT.label}</label>
      <input
        id={`${id}-q`}
        name="q"
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={SEARCH_TEXT.placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={showing ? listId : undefined}
        aria-activedescendant={showing && active >= 0 && active < results.length ? `${id}-opt-${active}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="header-search-submit">
        <span aria-hidden="true">⌕</span>
        <span className="visually-hidden">{SEARCH_TEXT.submit}</span>
      </button>
      {/* Only while it has suggestions: the server's page (and a page without JavaScript) has no empty list. */}
      {showing && <ul id={listId} role="listbox" aria-label={SEARCH_TEXT.label} className="header-search-list">
        {results.map((r, i) => (
          <li
            key={`${r.type}-${r.id}`}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              // Before the input's blur closes the list.
              e.preventDefault();
              setOpen(false);
              void navigate(r.url);
            }}
          >
            <span className="header-search-kind">{SEARCH_TYPE_LABELS[r.type].replace(/s$/, '')}</span>
            <span className="header-search-title">{r.title}</span>
            {r.snippet && <span className="header-search-snippet">{snippetText(r.snippet)}</span>}
          </li>
        ))}
      </ul>}
    </form>
  );
}
