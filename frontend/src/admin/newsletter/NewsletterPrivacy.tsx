import { Box, Button, Card, Stack } from '@mui/material';
import { useState } from 'react';
import { SimpleForm, TextInput, email, required, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { apiFetch } from '../../lib/api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';

const url = (address: string) => `/_api/admin/newsletter-privacy?email=${encodeURIComponent(address.trim())}`;

/** Hands `data` to the browser as a JSON file download. */
function download(fileName: string, data: unknown): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function PrivacyActions() {
  const address = (useWatch({ name: 'email' }) as string | undefined) ?? '';
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const ready = /^\S+@\S+\.\S+$/.test(address.trim());
  const exportData = async () => {
    try {
      download(`newsletter-data-${address.trim().toLowerCase()}.json`, await apiFetch(url(address)));
      notify('Export downloaded.', { type: 'info' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };
  const erase = async () => {
    setPending(true);
    try {
      await apiFetch(url(address), { method: 'DELETE' });
      notify(`Everything held about ${address.trim()} was deleted.`, { type: 'info' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" disabled={!ready} onClick={exportData}>Export data (JSON)</Button>
        <Button variant="outlined" color="error" disabled={!ready} onClick={() => setConfirming(true)}>Erase this address</Button>
      </Stack>
      <ConfirmDialog open={confirming} title="Erase this address"
        content={`Delete the subscriber ${address.trim()}, their deliveries and their clicks for good? This cannot be undone.`}
        confirmLabel="Erase" pendingLabel="Erasing..." pending={pending} onConfirm={erase} onClose={() => setConfirming(false)} />
    </>
  );
}

/**
 * /admin/newsletter-privacy: the privacy requests of one reader (GDPR access and erasure): everything held about
 * an address as a JSON download, or all of it deleted after a confirmation.
 */
export function NewsletterPrivacy() {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="Subscriber privacy" subtitle="Export or erase everything held about one email address." />
      <Card>
        <SimpleForm toolbar={false} onSubmit={() => undefined}>
          <TextInput source="email" label="Email address" type="email" fullWidth validate={[required(), email()]} />
          <PrivacyActions />
        </SimpleForm>
      </Card>
    </Box>
  );
}
