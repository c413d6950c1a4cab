import { Link } from 'react-router-dom';
import { PAGE_TEXT } from '../../../../common/messages.js';

/** docs/spec.md §2, first reading of the not-found page (docs/design.md §7); its title and noindex come from PageHead. */
export function NotFoundPage() {
  return (
    <section className="container section narrow center">
      <h1>{PAGE_TEXT.notFound.heading}</h1>
      <p>{PAGE_TEXT.notFound.description}</p>
      <Link className="button" to="/">Return to Homepage</Link>
    </section>
  );
}
