import { Link } from 'react-router-dom';
import { BADGE_TEXT, RECORD_TEXT, codeBadge } from '../../../../common/code-record.js';
import type { ProofFigures } from '../../../../common/proof.js';

/** "Tested by us" / "Community verified" / "Not yet verified" (common/code-record.ts codeBadge), linking to how we test. */
export function CodeBadge({ figures, now }: { figures: ProofFigures; now: Date }) {
  const badge = codeBadge(figures, now);
  return (
    <Link to={RECORD_TEXT.howWeTestPath} className={`code-badge code-badge-${badge}`} data-testid="code-badge" data-badge={badge}>
      {BADGE_TEXT[badge]}
      <span className="visually-hidden"> (how we test codes)</span>
    </Link>
  );
}
