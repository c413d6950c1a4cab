import type { CompanyDto } from '../../../../common/api-types.js';
import { FIRM_STATUS_MEANINGS, isPromoted } from '../../../../common/firm-status.js';

type FirmStatusFacts = Pick<CompanyDto, 'name' | 'status' | 'statusSince' | 'statusReason' | 'statusSource'>;

/**
 * What a trader must know before buying from a firm that is not simply active (issue #17): its status in
 * words, since when, why, and where to check. The profile shows it as a banner, every card of the firm's
 * codes as a warning; nothing for an active firm.
 */
export function FirmStatusNote({ firm, variant }: { firm: FirmStatusFacts; variant: 'banner' | 'card' }) {
  if (firm.status === 'active') return null;
  const Tag = variant === 'banner' ? 'div' : 'p';
  return (
    <Tag className={`firm-status-note firm-status-note-${variant} firm-status-note-${firm.status}`} role="note" data-status={firm.status}>
      {variant === 'banner' ? (
        <>
          <strong className="firm-status-note-title">{firm.name} is {FIRM_STATUS_MEANINGS[firm.status]}.</strong>
          {firm.statusSince && <> Since {firm.statusSince}.</>}
          {firm.statusReason && <span className="firm-status-note-reason"> Why: {firm.statusReason}</span>}
          <StatusSource firm={firm} />
          {!isPromoted(firm) && <span className="firm-status-note-reason"> We no longer promote its codes; its profile and history stay online.</span>}
        </>
      ) : (
        <>
          <strong>{isPromoted(firm) ? 'Warning' : 'Not promoted'}:</strong> {firm.name} is {FIRM_STATUS_MEANINGS[firm.status]}.
          {firm.statusReason && <> {firm.statusReason}</>}
          <StatusSource firm={firm} />
        </>
      )}
    </Tag>
  );
}

function StatusSource({ firm }: { firm: FirmStatusFacts }) {
  if (!firm.statusSource) return null;
  return (
    <>
      {' '}
      <a href={firm.statusSource} rel="noopener noreferrer nofollow" target="_blank">
        Source<span className="visually-hidden"> of {firm.name}&apos;s status (opens in a new tab)</span>
      </a>
    </>
  );
}
