import { useEffect, useId, useRef, useState, type ComponentProps, type Ref } from 'react';
import type { NewsletterSignup as Signup } from './NewsletterSignup.js';
import { NewsletterFormFields, NewsletterFormResult } from './NewsletterFormResult.js';

/**
 * NewsletterSignup brings react-hook-form (~12 KB gzip). Public pages that show it below the fold
 * take it through this wrapper: until its code arrives (when the form comes within a screen or so of
 * the viewport, is pointed at or focused) the visitor gets the same form as plain HTML, usable from
 * the first paint: it posts to /newsletter/subscribe, and what was typed and the focus carry over
 * to the enhanced form when it takes its place.
 */
const loadSignup = () => import('./NewsletterSignup.js').then((m) => m.NewsletterSignup);

type Props = ComponentProps<typeof Signup>;

/** How far below the fold the form may be when its code starts loading. */
const PRELOAD_MARGIN = '800px 0px';

export function LazyNewsletterSignup(props: Props) {
  const [wanted, setWanted] = useState(false);
  const placeholder = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState<{ Signup: typeof Signup; email: string; focused: boolean } | null>(null);

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

  // The code is loaded: read what the plain form holds at that moment, then swap.
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadSignup().then((Signup) => {
      if (!live) return;
      const input = placeholder.current?.querySelector('input[type="email"]') as HTMLInputElement | null | undefined;
      setLoaded({ Signup, email: input?.value ?? '', focused: !!input && document.activeElement === input });
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  if (!loaded) return <PlainSignup {...props} ref={placeholder} onWanted={() => setWanted(true)} />;
  return <loaded.Signup {...props} initialEmail={loaded.email} autoFocus={loaded.focused} />;
}

/** The signup as plain HTML: the enhanced form's markup, posting to the server. */
function PlainSignup({ title = 'Get verified deals first', description, compact, source, ref, onWanted }: Props & {
  ref: Ref<HTMLElement>;
  onWanted: () => void;
}) {
  const inputId = useId();
  return (
    <section
      ref={ref}
      className={`newsletter card${compact ? ' compact' : ''}`}
      aria-label="Newsletter signup"
      onPointerEnter={onWanted}
      onFocus={onWanted}
    >
      <h2 className="newsletter-title">{title}</h2>
      {description && <p className="newsletter-text">{description}</p>}
      <form className="newsletter-form" method="post" action="/newsletter/subscribe">
        <NewsletterFormFields source={source} />
        <label htmlFor={inputId} className="visually-hidden">Email address</label>
        <input id={inputId} type="email" name="email" inputMode="email" autoComplete="email" placeholder="you@example.com" required />
        <button className="button" type="submit">Subscribe</button>
      </form>
      <NewsletterFormResult source={source} />
    </section>
  );
}
