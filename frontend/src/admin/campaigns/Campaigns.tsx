import { Box, Button, ButtonGroup, Card, CardContent, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput, Create, CreateButton, DateField, DateTimeInput, Edit, SaveButton, SelectInput, SimpleForm, TextInput,
  SimpleList, Toolbar, TopToolbar, required, useEditContext, useNotify, useRecordContext, useRefresh, DataTable
} from 'react-admin';
import { List } from '../components/live-list.js';
import type { AudienceSourceDto, CampaignDto, DigestInfoDto } from '../../../../common/campaigns.js';
import { apiFetch, apiPost } from '../../lib/api.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { CAMPAIGN_DIFF_FIELDS } from '../../../../common/revision-diff.js';
import { useMayTake } from '../components/access.js';
import { RevisionsPanel } from '../components/RevisionsPanel.js';
import { isEditConflict, withVersion } from '../components/versioned.js';
import { ConflictNotice } from '../blog-posts/post-team-tools.js';

const BACK = { to: '/admin/campaigns', label: 'Back to Campaigns' };

function DraftDigestButton() {
  const notify = useNotify();
  const refresh = useRefresh();
  const info = useQuery({ queryKey: ['campaigns', 'digest'], queryFn: () => apiFetch<DigestInfoDto>('/_api/admin/campaigns/digest') });
  return (
    // Wraps on a phone: the next run's line and the button side by side were 540 px wide.
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, minWidth: 0 }}>
      {info.data && (
        <Typography variant="body2" color="text.secondary" data-testid="digest-next">
          Next digest {new Date(info.data.nextRunAt).toLocaleString()} ({info.data.autoSend ? 'sent automatically' : 'drafted for review'})
        </Typography>
      )}
      <Button
        onClick={async () => {
          try {
            const res = await apiPost<{ message: string }>('/_api/admin/campaigns/digest');
            notify(res.message, { type: 'info' });
            refresh();
          } catch (e) {
            notify(errorMessage(e), { type: 'error' });
          }
        }}
      >
        Draft digest now
      </Button>
    </Stack>
  );
}

/** /admin/campaigns: every campaign, newest first, with what each send did. */
export function CampaignList() {
  // Editors draft campaigns; the digest is an admin's (common/roles.ts).
  const mayDigest = useMayTake('campaigns', 'digest');
  // Phones get one block per campaign (react-admin's SimpleList, as in its demo): eight columns do not fit 390 px.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader title="Campaigns" subtitle="Write, preview, test and send newsletters; the Monday digest is drafted here too." />
      <List resource="campaigns" title={false} sort={{ field: 'createdAt', order: 'DESC' }} component="div" empty={false}
        actions={<TopToolbar>{mayDigest && <DraftDigestButton />}<CreateButton label="New campaign" /></TopToolbar>}>
        {phone ? (
          <SimpleList<CampaignDto>
            primaryText={(c) => c.subject}
            secondaryText={(c) => `${c.status} \u00b7 ${c.stats.sent} of ${c.stats.recipients} delivered`}
            linkType="edit"
            sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere', minWidth: 0 } }}
          />
        ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="subject" />
          <DataTable.Col source="status" />
          <DataTable.Col source="scheduledAt" label="Scheduled"><DateField source="scheduledAt" showTime emptyText="—" /></DataTable.Col>
          <DataTable.Col source="sentAt" label="Sent"><DateField source="sentAt" showTime emptyText="—" /></DataTable.Col>
          <DataTable.NumberCol source="stats.recipients" label="Recipients" disableSort />
          <DataTable.NumberCol source="stats.sent" label="Delivered" disableSort />
          <DataTable.NumberCol source="stats.bounced" label="Bounced" disableSort />
          <DataTable.NumberCol source="stats.clicks" label="Clicks" disableSort />
        </DataTable>
        )}
      </List>
    </Box>
  );
}

function CampaignInputs() {
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

const toPayload = (d: Partial<CampaignDto>) => ({
  subject: d.subject, previewText: d.previewText ?? '', html: d.html ?? '', scheduledAt: d.scheduledAt || null, audience: toAudience(d.audience),
});

export function CampaignCreate() {
  const notify = useNotify();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader title="New campaign" back={BACK} />
      <Create resource="campaigns" title={false} transform={toPayload} redirect="edit" mutationOptions={{ onError: (e) => notify(errorMessage(e), { type: 'error' }) }}>
        <SimpleForm><CampaignInputs /></SimpleForm>
      </Create>
    </Box>
  );
}

/** The message as a recipient sees it, in a sandboxed iframe at desktop (600 px) or phone (375 px) width. */
function CampaignPreview() {
  const record = useRecordContext<CampaignDto>();
  const [width, setWidth] = useState<600 | 375>(600);
  const preview = useQuery({
    queryKey: ['campaigns', record?.id, 'preview', record?.updatedAt],
    queryFn: () => apiFetch<{ html: string; text: string }>(`/_api/admin/campaigns/${record!.id}/preview`),
    enabled: Boolean(record),
  });
  if (!record) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ mb: 1, flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2">Preview</Typography>
          <ButtonGroup size="small" aria-label="Preview width">
            <Button variant={width === 600 ? 'contained' : 'outlined'} onClick={() => setWidth(600)}>Desktop</Button>
            <Button variant={width === 375 ? 'contained' : 'outlined'} onClick={() => setWidth(375)}>Phone</Button>
          </ButtonGroup>
        </Stack>
        {preview.data ? (
          <Box component="iframe" title={`Preview at ${width === 600 ? 'desktop' : 'phone'} width`} data-testid="campaign-preview" sandbox="" srcDoc={preview.data.html}
            sx={{ width: `${width}px`, maxWidth: '100%', height: 700, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', display: 'block', mx: 'auto' }} />
        ) : (
          <Typography color="text.secondary">{preview.error ? errorMessage(preview.error) : 'Rendering…'}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

function CampaignActions() {
  const record = useRecordContext<CampaignDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [email, setEmail] = useState('');
  const maySend = useMayTake('campaigns', 'send');
  const mayTest = useMayTake('campaigns', 'test');
  const mayCancel = useMayTake('campaigns', 'cancel');
  if (!record) return null;
  const act = async (path: string, body?: unknown, done?: string) => {
    try {
      const res = await apiPost<{ message?: string }>(`/_api/admin/campaigns/${record.id}/${path}`, body);
      notify(done ?? res.message ?? 'Done', { type: 'info' });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    }
  };
  const { stats } = record;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">Send</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="campaign-status">
          Status: {record.status}. Recipients {stats.recipients}, delivered {stats.sent}, failed {stats.failed} (in doubt {stats.inDoubt}), bounced {stats.bounced}, unsubscribed {stats.unsubscribed}, clicks {stats.clicks}.
        </Typography>
        {mayTest && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
            <TextField size="small" label="Test address" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            <Button variant="outlined" onClick={() => act('test', { email })}>Send test</Button>
          </Stack>
        )}
        <Stack direction="row" spacing={1}>
          {maySend && (record.status === 'draft' || record.status === 'scheduled') && (
            <Button variant="contained" onClick={() => act('send', undefined, 'Sending started.')}>Send now</Button>
          )}
          {mayCancel && record.status === 'scheduled' && <Button color="warning" onClick={() => act('cancel', undefined, 'Campaign cancelled.')}>Cancel schedule</Button>}
        </Stack>
        {!maySend && (
          <Typography variant="body2" color="text.secondary" data-testid="campaign-editor-note">
            Editors write drafts; an admin schedules, tests and sends the campaign.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A stale save's 409 (someone saved after this form loaded): the message, and Reload for their version. */
function CampaignConflict({ message, onReload }: { message: string | null; onReload: () => void }) {
  const { refetch } = useEditContext<CampaignDto>();
  if (!message) return null;
  return <ConflictNotice message={message} onReload={() => void refetch().then(onReload)} />;
}

/** The campaign's revisions (issue #20): compare subject, preview text and content; restore as a new revision. */
function CampaignRevisions() {
  const record = useRecordContext<CampaignDto>();
  const { refetch } = useEditContext<CampaignDto>();
  if (!record) return null;
  return (
    <RevisionsPanel resource="campaigns" record={record as unknown as CampaignDto & Record<string, unknown>}
      fields={CAMPAIGN_DIFF_FIELDS} onRestored={() => void refetch()} />
  );
}

export function CampaignEdit() {
  const notify = useNotify();
  const [conflict, setConflict] = useState<string | null>(null);
  const mayDelete = useMayTake('campaigns', 'delete');
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader title="Campaign" back={BACK} />
      {/* The version the form was loaded at goes with the save: a newer save by someone else answers 409, and the typed text stays. */}
      <Edit resource="campaigns" title={false} transform={withVersion(toPayload)} redirect={false} mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: () => {
            setConflict(null);
            notify('Campaign saved.', { type: 'info' });
          },
          onError: (e) => {
            notify(errorMessage(e), { type: 'error' });
            if (isEditConflict(e)) setConflict(errorMessage(e));
          },
        }}>
        <CampaignConflict message={conflict} onReload={() => setConflict(null)} />
        <SimpleForm warnWhenUnsavedChanges toolbar={mayDelete ? undefined : <Toolbar><SaveButton /></Toolbar>}><CampaignInputs /></SimpleForm>
        <CampaignActions />
        <CampaignRevisions />
        <CampaignPreview />
      </Edit>
    </Box>
  );
}
