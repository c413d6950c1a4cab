import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { AutocompleteArrayInput, DateTimeInput, SelectInput, TextInput, required } from 'react-admin';
import type { AudienceSourceDto, CampaignDto } from '../../../../common/campaigns.js';
import { apiFetch } from '../../lib/api.js';
import { errorMessage } from '../components/errors.js';
import { useMayTake } from '../components/access.js';

export const BACK = { to: '/admin/campaigns', label: 'Back to Campaigns' };

export function CampaignInputs() {
  // Scheduling is sending later: editors write drafts only (the server refuses their schedule).
  const maySchedule = useMayTake('campaigns', 'send');
  return (
    <>
      <TextInput source="subject" validate={required('Subject is required')} fullWidth />
      <TextInput source="previewText" label="Preview text" fullWidth helperText="Shown after the subject in most inboxes." />
      <TextInput source="html" label="Content" multiline minRows={12} fullWidth
        helperText="HTML is allowed (the posts' sanitiser applies). A paragraph {{deal:ID}} or {{post:ID}} becomes a deal or post card."
        slotProps={{ htmlInput: { style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 } } }} />
      {maySchedule && <DateTimeInput source="scheduledAt" label="Send at (empty: a draft)" parse={(v: string) => (v ? new Date(v).toISOString() : null)} />}
      <AudienceInputs />
    </>
  );
}

const AUDIENCE_KINDS = [
  { id: 'all', name: 'All confirmed subscribers' },
  { id: 'sources', name: 'Subscribers from chosen signup sources' },
];

/** Who gets it: every confirmed subscriber, or those who signed up from the chosen sources (choices: the subscribers' own). */
function AudienceInputs() {
  const kind = useWatch({ name: 'audience.kind' }) as string | undefined;
  const sources = useQuery({
    queryKey: ['campaigns', 'sources'],
    queryFn: () => apiFetch<AudienceSourceDto[]>('/_api/admin/campaigns/sources'),
    enabled: kind === 'sources',
  });
  const choices = (sources.data ?? []).map((s) => ({ id: s.source, name: `${s.source} (${s.subscribers})` }));
  return (
    <>
      <SelectInput source="audience.kind" label="Audience" choices={AUDIENCE_KINDS} defaultValue="all" validate={required()} />
      {kind === 'sources' && (
        <AutocompleteArrayInput source="audience.sources" label="Signup sources" choices={choices} fullWidth
          isPending={sources.isPending} validate={required('Choose at least one source')}
          helperText={sources.error ? errorMessage(sources.error) : 'Only confirmed subscribers who signed up from these sources get it.'} />
      )}
    </>
  );
}

const toAudience = (a: Partial<CampaignDto['audience']> | undefined): CampaignDto['audience'] =>
  a?.kind === 'sources' ? { kind: 'sources', sources: 'sources' in a && Array.isArray(a.sources) ? a.sources : [] } : { kind: 'all' };

export const toPayload = (d: Partial<CampaignDto>) => ({
  subject: d.subject, previewText: d.previewText ?? '', html: d.html ?? '', scheduledAt: d.scheduledAt || null, audience: toAudience(d.audience),
});
