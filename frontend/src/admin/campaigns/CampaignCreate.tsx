import { Box } from '@mui/material';
import { Create, SimpleForm, useNotify } from 'react-admin';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { BACK, CampaignInputs, toPayload } from './campaign-inputs.js';

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
