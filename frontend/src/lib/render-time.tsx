import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** The moment the server rendered the page: the first render in the browser must use it to match. */
const RenderTimeContext = createContext<Date | null>(null);

/**
 * Gives the server's render time to the pages while the document is being hydrated, then drops it,
 * so a page opened later by navigation takes its own "now".
 */
export function RenderTimeProvider({ time, children }: { time: Date | null; children: ReactNode }) {
  const [value, setValue] = useState(time);
  useEffect(() => setValue(null), []);
  return <RenderTimeContext.Provider value={value}>{children}</RenderTimeContext.Provider>;
}

/** One "now" for the life of the calling component: the server's while hydrating, else the clock's. */
export function useRenderTime(): Date {
  const rendered = useContext(RenderTimeContext);
  const [now] = useState(() => rendered ?? new Date());
  return now;
}
