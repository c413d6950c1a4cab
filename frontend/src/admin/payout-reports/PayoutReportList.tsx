import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, EditButton, FunctionField, SelectInput, useListContext, useTranslate, DataTable } from 'react-admin';
import { List } from '../components/live-list.js';
import type { AdminPayoutReportDto } from '../../../../common/payout-api-types.js';
import { PAYOUT_REPORT_STATUSES } from '../../../../common/payouts.js';
import { PageHeader } from '../components/PageHeader.js';
import { CompactList } from '../components/CompactList.js';
import { MatchingBulkToolbar, ServerBulkButton } from '../components/ServerBulk.js';
import { choices } from '../payouts/payout-parts.js';

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
