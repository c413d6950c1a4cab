import { finePrintLines, type CodeTerms } from '../../../../common/price-rule.js';
import './fine-print.css';

type Terms = Pick<CodeTerms, 'eligiblePrograms' | 'eligibleSizes' | 'minPrice' | 'newAccountsOnly' | 'appliesToResets' | 'stacks'> & {
  validUntil: string | null;
};

/** A code's fine print (issue #18), the same lines wherever the code is shown; `compact` folds it away in a table cell. */
export function FinePrint({ terms, compact = false }: { terms: Terms; compact?: boolean }) {
  const list = (
    <ul className="fine-print" data-testid="fine-print">
      {finePrintLines(terms).map((line) => <li key={line}>{line}</li>)}
    </ul>
  );
  if (!compact) return list;
  return (
    <details className="fine-print-details">
      <summary>Fine print</summary>
      {list}
    </details>
  );
}
