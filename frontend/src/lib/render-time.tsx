import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The moment the server rendered the page, while the document is being hydrated: the first render in the
 * browser must use it to match. A holder rather than a value, so emptying it re-renders nothing (a new
 * context value re-rendered every page that reads it, all its cards included, in the task after hydration).
 */
const RenderTimeContext = createContext<{ current: Date | null }>({ current: null });

/**
 * Gives the server's render time to the pages while the document is being hydrated, then drops it,
 * so a page opened later by navigation takes its own "now".
 */
export function RenderTimeProvider({ time, children }: { time: Date | null; children: ReactNode }) {
  const [hydration] = useState(() => ({ current: time }));
  useEffect(() => {
    hydration.current = null;
  }, [hydration]);
  return <RenderTimeContext.Provider value={hydration}>{children}</RenderTimeContext.Provider>;
}

/** One "now" for the life of the calling component: the server's while hydrating, else the clock's. */
export function useRenderTime(): Date {
  const hydration = useContext(RenderTimeContext);
  const [now] = useState(() => hydration.current ?? new Date());
  return now;
}
