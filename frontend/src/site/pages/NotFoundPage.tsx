import { useEffect } from 'react';
import { Link } from 'react-router-dom';

/** SPEC §2, first reading of the not-found page (DESIGN §7). */
export function NotFoundPage() {
  useEffect(() => {
    document.title = '404 Not Found';
  }, []);
  return (
    <section className="container section narrow center">
      <h1>Page Not Found</h1>
      <p>The page you are looking for may have been moved, renamed or is temporarily unavailable.</p>
      <Link className="button" to="/">Return to Homepage</Link>
    </section>
  );
}
