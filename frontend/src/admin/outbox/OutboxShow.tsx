import { Box, Button, Card, CardContent, Divider, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { OutboxMessageDto } from '../../../../common/mail-api-types.js';
import { PageHeader } from '../components/PageHeader.js';

/**
 * One message as a mail client shows it. The HTML part runs in an iframe sandboxed without scripts and without
 * the site's origin (so nothing in it can reach the admin session); the plain-text part as it is.
 */
export function OutboxShow() {
  const { id } = useParams<{ id: string }>();
  // react-admin starts from the list's row (no html, no text) and the app's query client keeps it fresh for a while:
  // always fetch the whole message on opening it.
  const { data, isPending, error } = useGetOne<OutboxMessageDto>('outbox', { id: id! }, { refetchOnMount: 'always' });
  const [tab, setTab] = useState<'html' | 'text'>('html');
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <PageHeader title={data?.subject || 'Message'} back={{ to: '/admin/outbox', label: 'Back to Outbox' }} />
      {isPending && <Typography>Loading…</Typography>}
      {error && <Typography color="error">{String((error as Error).message ?? error)}</Typography>}
      {data && (
        <Card>
          <CardContent>
            <Stack spacing={0.5} sx={{ mb: 2 }}>
              <Typography variant="body2"><strong>From:</strong> {data.from}</Typography>
              <Typography variant="body2"><strong>To:</strong> {data.to}</Typography>
              <Typography variant="body2"><strong>Date:</strong> {new Date(data.date).toLocaleString()}</Typography>
              {(data.headers ?? []).filter((h) => h.name.startsWith('list-')).map((h) => (
                <Typography key={h.name} variant="body2" sx={{ wordBreak: 'break-all' }}><strong>{h.name}:</strong> {h.value}</Typography>
              ))}
            </Stack>
            {/* The exact bytes, for a mail client: what the Outbox's files gave before it moved into the database. */}
            <Button component="a" href={`/_api/admin/outbox/${encodeURIComponent(data.id)}/eml`} download={`${data.id}.eml`} size="small" sx={{ mb: 1 }}>
              Download .eml
            </Button>
            <Divider />
            <Tabs value={tab} onChange={(_e, v: 'html' | 'text') => setTab(v)} aria-label="Message part">
              <Tab value="html" label="HTML" disabled={!data.html} />
              <Tab value="text" label="Plain text" />
            </Tabs>
            {tab === 'html' && data.html ? (
              <Box
                component="iframe"
                title="HTML part of the message"
                sandbox=""
                srcDoc={data.html}
                sx={{ width: '100%', height: 640, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', mt: 1 }}
              />
            ) : (
              <Box component="pre" data-testid="outbox-text" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', mt: 1 }}>
                {data.text ?? ''}
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
