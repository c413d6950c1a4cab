import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput, Edit, EditButton, FunctionField, NumberInput, SelectInput, SimpleForm, TextField, TextInput,
  useListContext, useNotify, useTranslate, type RaRecord, DataTable
} from 'react-admin';
import { List } from '../components/live-list.js';
import type { AdminPayoutClaimDto, AdminPayoutReportDto } from '../../../../common/payout-api-types.js';
import { CLAIM_MOVES, CLAIM_STATUSES, PAYOUT_REPORT_STATUSES, type ClaimStatus } from '../../../../common/payouts.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { CompactList } from '../components/CompactList.js';
import { MatchingBulkToolbar, ServerBulkButton } from '../components/ServerBulk.js';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

/** The private proof, shown beside the report (the admin session may read /_api/files). */
function Proof({ urls }: { urls: string[] }) {
  if (!urls.length) return <span>No proof</span>;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {urls.map((u) => <a key={u} href={u} target="_blank" rel="noopener noreferrer"><img src={u} alt="Proof" style={{ maxWidth: 160, maxHeight: 120 }} /></a>)}
    </Box>
  );
}

/**
 * Approve, applied by the server in one request to the ticked reports or, after "Select all N payout reports", to
 * every report of the filter (issue #18); it asks first, naming the count.
 */
const bulkApprove = (
  <ServerBulkButton action="approve" label="Approve" noun="payout report" content="Approved reports count in the firms' public payout figures." />
);
const bulkToolbar = <MatchingBulkToolbar noun="payout report">{bulkApprove}</MatchingBulkToolbar>;

/** The phone layout: one block per report (the table's columns in two lines), or the table's empty text. */
function ReportBlocks() {
  const { data } = useListContext<AdminPayoutReportDto>();
  const translate = useTranslate();
  if (!data?.length) {
    return <Typography color="text.secondary" sx={{ p: 2 }}>{translate('ra.navigation.no_results', { name: 'payout reports' })}</Typography>;
  }
  return (
    <CompactList
      rowTestId="payout-report-row"
      name={(r) => `${(r as AdminPayoutReportDto).companyName} report ${r.id}`}
      primary={(r) => `${(r as AdminPayoutReportDto).companyName} · ${(r as AdminPayoutReportDto).amount}`}
      secondary={(r) => {
        const report = r as AdminPayoutReportDto;
        return [report.outcome, report.requestedOn, report.status, report.flagged ? report.flagReason ?? 'Flagged' : null, `${report.proof.length} image(s)`]
          .filter(Boolean).join(' · ');
      }}
      actions={<EditButton label="" aria-label="Review" />}
      bulkActionButtons={bulkApprove}
    />
  );
}

/** /admin/payout-reports: awaiting review first by default; approve, reject with a reason, mark the proof verified. */
export function PayoutReportList() {
  // Phones get one block per report (CompactList, as the other admin lists): seven columns were 737 px wide.
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader title="Payout reports" subtitle="Traders' payout reports with proof. Only approved reports count on the site." />
      <List
        resource="payout-reports"
        title={false}
        filters={[
          <SelectInput key="status" source="status" choices={choices(PAYOUT_REPORT_STATUSES)} alwaysOn />,
          <BooleanInput key="flagged" source="flagged" label="Flagged" />,
        ]}
        filterDefaultValues={{ status: 'awaiting-review' }}
        sort={{ field: 'createdAt', order: 'ASC' }}
        // Reports hold traders' private proof: they are moderated here, never exported.
        exporter={false}
        component="div"
      >
        {compact ? (
          <ReportBlocks />
        ) : (
        <DataTable bulkActionButtons={bulkApprove} bulkActionsToolbar={bulkToolbar} rowClick="edit">
          <DataTable.Col source="companyName" label="Firm" disableSort />
          <DataTable.Col source="amount" />
          <DataTable.Col source="outcome" />
          <DataTable.Col source="requestedOn" label="Requested" />
          <DataTable.Col source="status" />
          <DataTable.Col source="flagged" label="Flag" disableSort>
            <FunctionField render={(r: AdminPayoutReportDto) => (r.flagged ? r.flagReason ?? 'Flagged' : '')} />
          </DataTable.Col>
          <DataTable.Col source="proof" label="Proof" disableSort>
            <FunctionField render={(r: AdminPayoutReportDto) => `${r.proof.length} image(s)`} />
          </DataTable.Col>
        </DataTable>
        )}
      </List>
    </Box>
  );
}

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

/** /admin/payout-claims: the claims board, oldest first; overdue (14 days without a decision) marked. */
export function PayoutClaimList() {
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader title="Payout claims" subtitle="Payout-guarantee claims. Claims without a decision after 14 days are flagged." />
      <List
        resource="payout-claims"
        title={false}
        filters={[
          <SelectInput key="status" source="status" choices={choices(CLAIM_STATUSES)} alwaysOn />,
          <NumberInput key="olderThanDays" source="olderThanDays" label="Older than (days)" />,
          <BooleanInput key="overdue" source="overdue" label="Overdue" />,
        ]}
        sort={{ field: 'createdAt', order: 'ASC' }}
        exporter={false}
        component="div"
        empty={<Typography sx={{ p: 2 }}>No claims yet.</Typography>}
      >
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="id" />
          <DataTable.Col source="companyName" label="Firm" disableSort />
          <DataTable.Col source="amount" disableSort />
          <DataTable.Col source="status" />
          <DataTable.Col source="createdAt" label="Filed" />
          <DataTable.Col source="overdue" disableSort>
            <FunctionField render={(r: AdminPayoutClaimDto) => (r.overdue ? 'Overdue' : '')} />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}

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
