import { Box, Button, ButtonGroup, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Edit, SaveButton, SimpleForm, Toolbar, useEditContext, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { CampaignDto } from '../../../../common/campaigns.js';
import { apiFetch, apiPost } from '../../lib/api.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { CAMPAIGN_DIFF_FIELDS } from '../../../../common/revision-diff.js';
import { useMayTake } from '../components/access.js';
import { RevisionsPanel } from '../components/RevisionsPanel.js';
import { isEditConflict, withVersion } from '../components/versioned.js';
import { ConflictNotice } from '../blog-posts/post-team-tools.js';
import { BACK, CampaignInputs, toPayload } from './campaign-inputs.js';

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
