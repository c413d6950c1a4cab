import { useLocation, useSearchParams } from 'react-router-dom';
import { NEWSLETTER_RESULT_PARAM, NEWSLETTER_SOURCE_PARAM, newsletterFormMessage } from '../../../../common/newsletter.js';
import type { NewsletterSource } from '../../../../common/enums.js';

/** The plain form's hidden fields: where it came from and the page to come back to. */
export function NewsletterFormFields({ source }: { source: NewsletterSource }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(NEWSLETTER_RESULT_PARAM);
  params.delete(NEWSLETTER_SOURCE_PARAM);
  const query = params.toString();
  return (
    <>
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="return" value={query ? `${pathname}?${query}` : pathname} />
    </>
  );
}

/** docs/spec.md §5/§8's answer to a form posted without JavaScript, shown by the form it came from. */
export function NewsletterFormResult({ source }: { source: NewsletterSource }) {
  const [params] = useSearchParams();
  const from = params.get(NEWSLETTER_SOURCE_PARAM);
  const result = from === null || from === source ? newsletterFormMessage(params.get(NEWSLETTER_RESULT_PARAM)) : null;
  if (!result) return null;
  return (
    <p className={result.ok ? 'newsletter-result' : 'field-error'} role={result.ok ? 'status' : 'alert'}>
      {result.message}
    </p>
  );
}
