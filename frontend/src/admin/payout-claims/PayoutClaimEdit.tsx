import { Box } from '@mui/material';
import { Edit, FunctionField, NumberInput, SelectInput, SimpleForm, TextInput, useNotify, type RaRecord } from 'react-admin';
import type { AdminPayoutClaimDto } from '../../../../common/payout-api-types.js';
import { CLAIM_MOVES, type ClaimStatus } from '../../../../common/payouts.js';
import { errorMessage } from '../components/errors.js';
import { choices, Proof } from '../payouts/payout-parts.js';

export function PayoutClaimEdit() {
  const notify = useNotify();
  return (
    <Edit resource="payout-claims" redirect={false} mutationMode="pessimistic"
      transform={(d: RaRecord) => ({ status: d.status, note: d.note || null, paidAmount: d.paidAmount ?? null })}
      mutationOptions={{ onError: (e) => notify(errorMessage(e), { type: 'error' }) }}>
      <SimpleForm>
        <FunctionField render={(r: AdminPayoutClaimDto) => (
          <Box>
            <p>{r.companyName} · ${r.amount} · account {r.accountId} · {r.userEmail}</p>
            <p>{r.statement}</p>
            <Proof urls={r.purchaseEvidence} />
            <ol>{r.timeline.map((e, i) => <li key={i}>{e.at.slice(0, 16).replace('T', ' ')} · {e.by} · {e.status}{e.note ? ` — ${e.note}` : ''}</li>)}</ol>
          </Box>
        )} />
        <FunctionField render={(r: AdminPayoutClaimDto) => (
          <SelectInput source="status" choices={choices([r.status, ...CLAIM_MOVES[r.status as ClaimStatus]])} helperText="Only the moves the claim may make" />
        )} />
        <TextInput source="note" label="Note to the trader (emailed)" multiline fullWidth />
        <NumberInput source="paidAmount" label="Paid amount (USD, when paid)" />
      </SimpleForm>
    </Edit>
  );
}
