/** A firm's rule history on its profile (issue #19): newest first, filterable by program, with or without JavaScript. */
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { FirmEventKind } from '../../../../../common/rule-changes.js';
import type { TimelineEntryDto } from '../../../../../common/firm-api-types.js';
import { FIRM_PAGE_TEXT, TIMELINE_ID, firmPath, timelineAnchor } from '../../../../../common/firm-pages.js';
import { firmFeedPath } from '../../../../../common/seo/page-head.js';
import { describeChange } from '../../../../../common/rule-changes.js';

export function FirmTimeline({ slug, name, timeline, programs }: {
  slug: string;
  name: string;
  timeline: TimelineEntryDto[];
  programs: string[];
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const choices = [...new Set([...programs, ...timeline.map((e) => e.program).filter((p): p is string => p !== null)])];
  const chosen = params.get('program') ?? '';
  const program = choices.includes(chosen) ? chosen : '';
  const shown = program ? timeline.filter((e) => e.program === program) : timeline;
  const go = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('program', value);
    else next.delete('program');
    const query = next.toString();
    void navigate(`${firmPath(slug)}${query ? `?${query}` : ''}#${TIMELINE_ID}`, { preventScrollReset: true });
  };

  return (
    <section aria-labelledby="timeline-title" id={TIMELINE_ID}>
      <h2 id="timeline-title">Rule history</h2>
      <p className="firm-muted">
        Every change we record to {name}&apos;s rules, fees and status, newest first.{' '}
        <a href={firmFeedPath(slug)} type="application/atom+xml">{FIRM_PAGE_TEXT.firm.feedTitle(name)} (Atom feed)</a>
      </p>
      {choices.length > 1 && (
        // A plain GET form: the server answers it without JavaScript; with it, the choice applies at once.
        <form className="firm-timeline-filter" method="get" action={`${firmPath(slug)}#${TIMELINE_ID}`}
          onSubmit={(e) => { e.preventDefault(); go(new FormData(e.currentTarget).get('program') as string); }}>
          <label htmlFor="timeline-program">Program</label>
          <select id="timeline-program" name="program" value={program} onChange={(e) => go(e.target.value)}>
            <option value="">All programs</option>
            {choices.map((p) => <option key={p} value={p}>{p}</option>)}
          </select>
          <button type="submit" className="button">Show</button>
        </form>
      )}
      {shown.length === 0 ? (
        <p className="firm-muted">No rule change recorded{program ? ` for ${program}` : ''}.</p>
      ) : (
        <ol className="firm-changelog">
          {shown.map((e) => (
            <li key={e.id} id={timelineAnchor(e.id)}>
              <span className={`firm-change-kind firm-change-${e.kind}`}>{KIND_LABEL[e.kind]}</span>{' '}
              {program && e.field ? describeChange({ field: e.field, before: e.before, after: e.after }) : e.text},{' '}
              <time dateTime={e.date}>{e.date}</time>
              {e.sourceUrl && <>, <a href={e.sourceUrl} rel="noopener noreferrer nofollow" target="_blank">source</a></>}
              {e.note && <p className="firm-change-note">{e.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const KIND_LABEL: Record<FirmEventKind | 'manual', string> = { rule: 'Rule', status: 'Status', code: 'Code', manual: 'Note' };
