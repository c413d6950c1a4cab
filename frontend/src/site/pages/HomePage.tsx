import { useQuery } from '@tanstack/react-query';
import type { CompanyDto } from '../../../../common/api-types.js';
import { apiFetch } from '../../lib/api.js';
import { CompanyCard } from '../components/CompanyCard.js';

export function HomePage() {
  const companies = useQuery({ queryKey: ['companies'], queryFn: () => apiFetch<CompanyDto[]>('/_api/companies') });

  return (
    <>
      <section className="hero">
        <div className="container">
          <p className="eyebrow">Tested. Verified. Protected.</p>
          <h1>We test prop firms so you don&rsquo;t have to</h1>
          <p className="lead">
            Verified discounts, honest reviews and payout protection for traders choosing a funding firm.
          </p>
        </div>
      </section>
      <section className="container section" aria-labelledby="partners-title">
        <h2 id="partners-title">Our verified partner firms</h2>
        {companies.isPending && (
          <div className="card-grid" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => <div key={i} className="card skeleton" />)}
          </div>
        )}
        {companies.isError && <p role="alert" className="error">Unable to load firms: {companies.error.message}</p>}
        {companies.data && (
          <ul className="card-grid" role="list">
            {companies.data.map((c) => (
              <li key={c.id}><CompanyCard company={c} /></li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
