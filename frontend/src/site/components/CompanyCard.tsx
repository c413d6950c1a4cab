import { Link } from 'react-router-dom';
import type { CompanyDto } from '../../../../common/api-types.js';
import { firmPath } from '../../../../common/firm-pages.js';
import { FirmLogo } from './FirmLogo.js';
import { isPromoted, isTopChoice } from '../../../../common/firm-status.js';
import { FirmStatusNote } from './FirmStatusNote.js';

export function CompanyCard({ company }: { company: CompanyDto }) {
  // One rule for the badge and the order (common/firms.ts): a closed firm is never the '#1 CHOICE'.
  const topChoice = isTopChoice(company);
  return (
    <article className={`card company-card${topChoice ? ' featured' : ''}${isPromoted(company) ? '' : ' not-promoted'}`}>
      {topChoice && <span className="badge">#1 CHOICE</span>}
      <div className="company-head">
        <FirmLogo company={company} size={48} />
        <div>
          <h3><Link to={firmPath(company.slug)}>{company.name}</Link></h3>
          {company.rating !== null && (
            // A <p> cannot carry aria-label (html-validate, ARIA in HTML): the star is hidden, a word is added for readers.
            <p className="rating">
              <span aria-hidden="true">&#9733;</span> <span className="visually-hidden">Rated</span> {company.rating.toFixed(1)} / 5
            </p>
          )}
        </div>
      </div>
      <FirmStatusNote firm={company} variant="card" />
      {company.description && <p>{company.description}</p>}
      {company.websiteUrl && (
        <a className="button" href={company.websiteUrl} target="_blank" rel="noopener noreferrer sponsored">
          Visit {company.name}
        </a>
      )}
    </article>
  );
}
