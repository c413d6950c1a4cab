import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, NumberInput, SaveButton, SimpleForm, Toolbar, maxValue, minValue, number, required, useNotify } from 'react-admin';
import type { NewsletterSettingsDto } from '../../../../common/campaigns.js';
import { apiFetch } from '../../lib/api.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';

const KEY = ['campaigns', 'settings'];

/** /admin/newsletter-settings: whether the Monday digest goes out by itself, and the send rate of every campaign. */
export function NewsletterSettings() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => apiFetch<NewsletterSettingsDto>('/_api/admin/campaigns/settings') });
  const save = async (values: Partial<NewsletterSettingsDto>) => {
    try {
      const saved = await apiFetch<NewsletterSettingsDto>('/_api/admin/campaigns/settings', {
        method: 'PUT',
        body: JSON.stringify({ digestAutoSend: Boolean(values.digestAutoSend), sendRatePerSecond: Number(values.sendRatePerSecond) }),
      });
      queryClient.setQueryData(KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ['campaigns', 'digest'] });
      notify('Newsletter settings saved.', { type: 'info' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="Newsletter settings" back={{ to: '/admin/campaigns', label: 'Back to Campaigns' }} />
      <Card>
        {settings.data ? (
          // Outside a resource: a Save button only (the default toolbar's Delete needs a resource).
          <SimpleForm record={settings.data} onSubmit={save} toolbar={<Toolbar><SaveButton /></Toolbar>}>
            <BooleanInput source="digestAutoSend" label="Send the Monday digest automatically"
              helperText="Off: the digest is drafted every Monday at 9 AM New York time and waits for review." />
            <NumberInput source="sendRatePerSecond" label="Send rate (messages per second)" step={1}
              validate={[required(), number(), minValue(1), maxValue(1000)]}
              helperText="How fast a campaign goes out; your mail provider's limit." />
          </SimpleForm>
        ) : (
          <CardContent><Typography color="text.secondary">{settings.error ? errorMessage(settings.error) : 'Loading…'}</Typography></CardContent>
        )}
      </Card>
    </Box>
  );
}
