import { Box } from '@mui/material';
import { BooleanInput, Edit, FunctionField, SelectInput, SimpleForm, TextField, TextInput, useNotify, type RaRecord } from 'react-admin';
import type { AdminPayoutReportDto } from '../../../../common/payout-api-types.js';
import { PAYOUT_REPORT_STATUSES } from '../../../../common/payouts.js';
import { errorMessage } from '../components/errors.js';
import { choices, Proof } from '../payouts/payout-parts.js';

export function PayoutReportEdit() {
  const notify = useNotify();
  return (
    <Edit resource="payout-reports" redirect="list" mutationMode="pessimistic"
      transform={(d: RaRecord) => ({ status: d.status, rejectionReason: d.rejectionReason || null, proofVerified: !!d.proofVerified })}
      mutationOptions={{ onError: (e) => notify(errorMessage(e), { type: 'error' }) }}>
      <SimpleForm>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', width: '100%' }}>
          <Box sx={{ flex: '1 1 320px' }}>
            <TextField source="companyName" label="Firm" /> · <TextField source="userEmail" label="Trader" />
            <FunctionField render={(r: AdminPayoutReportDto) => (
              <p>{r.outcome} · ${r.amount} · requested {r.requestedOn}{r.resolvedOn ? `, resolved ${r.resolvedOn}` : ''}{r.programName ? ` · ${r.programName}` : ''}
                {r.firmReason ? <><br />Firm's reason: {r.firmReason}</> : null}{r.note ? <><br />Note: {r.note}</> : null}</p>
            )} />
            <SelectInput source="status" choices={choices(PAYOUT_REPORT_STATUSES)} />
            <TextInput source="rejectionReason" label="Reason (emailed to the trader when rejected)" multiline fullWidth />
            <BooleanInput source="proofVerified" label="Proof verified" />
          </Box>
          <Box sx={{ flex: '1 1 320px' }}>
            <FunctionField render={(r: AdminPayoutReportDto) => <Proof urls={r.proof} />} />
          </Box>
        </Box>
      </SimpleForm>
    </Edit>
  );
}
