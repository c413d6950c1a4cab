import { Suspense, lazy, useEffect, useRef, useState, type ComponentProps, type Ref } from 'react';

/**
 * NewsletterSignup brings react-hook-form and zod (~35 KB gzip). Public pages that show it below
 * the fold take it through this wrapper: its code is fetched only when the form comes
 * within a screen or so of the viewport (or is focused), so the first load stays small; a
 * same-sized placeholder keeps the layout from jumping when it arrives.
 */
const loadSignup = () => import('./NewsletterSignup.js').then((m) => ({ default: m.NewsletterSignup }));
const NewsletterSignup = lazy(loadSignup);

type Props = ComponentProps<typeof NewsletterSignup>;

/** How far below the fold the form may be when its code starts loading. */
const PRELOAD_MARGIN = '800px 0px';

export function LazyNewsletterSignup(props: Props) {
  const [wanted, setWanted] = useState(false);
  const placeholder = useRef<HTMLElement>(null);

  useEffect(() => {
    if (wanted) return;
    const el = placeholder.current;
    if (!el || typeof IntersectionObserver !== 'function') {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setWanted(true);
    }, { rootMargin: PRELOAD_MARGIN });
    observer.observe(el);
    return () => observer.disconnect();
  }, [wanted]);

  const fallback = <NewsletterPlaceholder {...props} ref={placeholder} onWanted={() => setWanted(true)} />;
  if (!wanted) return fallback;
  return <Suspense fallback={fallback}><NewsletterSignup {...props} /></Suspense>;
}

function NewsletterPlaceholder({ title = 'Get verified deals first', description, compact, ref, onWanted }: Props & {
  ref: Ref<HTMLElement>;
  onWanted: () => void;
}) {
  return (
    <section
      ref={ref}
      className={`newsletter card${compact ? ' compact' : ''}`}
      aria-label="Newsletter signup"
      aria-busy="true"
      onPointerEnter={onWanted}
    >
      <h2 className="newsletter-title">{title}</h2>
      {description && <p className="newsletter-text">{description}</p>}
      <div className="newsletter-form" aria-hidden="true">
        <input type="email" disabled tabIndex={-1} placeholder="you@example.com" />
        <button className="button" type="button" disabled tabIndex={-1}>Subscribe</button>
      </div>
    </section>
  );
}
