import { Box, Skeleton, Table, TableBody, TableCell, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useListContext, DataTable, SortButton } from 'react-admin';
import type { AdminDiscountDto } from '../../../../common/api-types.js';
import { expiryLabel } from '../../../../common/discount-rules.js';
import { CompactList } from '../components/CompactList.js';
import { MatchingBulkToolbar, ServerBulkButton, ServerBulkExportButton, ServerBulkMenuButton, TickedOnly } from '../components/ServerBulk.js';
import { STATUS_CHOICES } from './discount-form.js';
import { CompanyField, DiscountMenu, MediaThumb, StatusBadge } from './DiscountFields.js';
import { BulkVerifyButton, successCell, VerifiedCell, VerifiedTodayButton } from './DiscountProof.js';

const SKELETON_ROWS = 4; // docs/spec.md §9
const Col = DataTable.Col<AdminDiscountDto>;

/** The bulk status actions (common/bulk.ts), named as the status filter names them. */
const STATUS_ACTIONS = [
  { action: 'activate', status: 'active' }, { action: 'coming-soon', status: 'coming_soon' }, { action: 'expire', status: 'expired' },
].map(({ action, status }) => ({ action, name: STATUS_CHOICES.find((c) => c.id === status)!.name }));

/**
 * Status, Export and delete are applied by the server in one request to the ticked discounts or, after "Select all N
 * discounts", to every discount of the filter (issue #18). "Mark worked today" (a check per code) acts on the ticked
 * rows only.
 */
const bulkActions = (
  <>
    <TickedOnly><BulkVerifyButton /></TickedOnly>
    <ServerBulkMenuButton label="Set status" noun="discount" choices={STATUS_ACTIONS}
      content={(name) => `The status of each of them becomes ${name}.`} />
    <ServerBulkExportButton path="/_api/admin/discounts/export.csv" />
    <ServerBulkButton action="delete" label="Delete" noun="discount" color="error" content="This action cannot be undone." />
  </>
);
const bulkToolbar = <MatchingBulkToolbar noun="discount">{bulkActions}</MatchingBulkToolbar>;

function DiscountCell({ record }: { record: AdminDiscountDto }) {
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>{record.title}</Typography>
      {record.discountCode && (
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{record.discountCode}</Typography>
      )}
    </>
  );
}

/** The table of docs/spec.md §2 (every column sortable, selection, column chooser), or on a phone the compact list. */
export function DiscountTable() {
  const { isPending } = useListContext();
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const now = new Date();
  if (isPending) {
    return (
      <Table aria-busy="true" aria-label="Loading discounts">
        <TableBody>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <TableRow key={i} data-testid="discount-skeleton-row">
              <TableCell><Skeleton width="70%" /><Skeleton width="35%" /></TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}><Skeleton width={100} /></TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}><Skeleton variant="rounded" width={64} height={44} /></TableCell>
              <TableCell><Skeleton width={90} /></TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}><Skeleton variant="rounded" width={70} height={24} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  if (compact) {
    return (
      <CompactList
        rowTestId="discount-row"
        name={(r) => r.title}
        primary={(r) => <DiscountCell record={r as AdminDiscountDto} />}
        secondary={(r) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <CompanyField />
            <span>{expiryLabel((r as AdminDiscountDto).validUntil, now)}</span>
            <StatusBadge />
            <VerifiedCell record={r as AdminDiscountDto} />
          </Box>
        )}
        actions={<><VerifiedTodayButton /><DiscountMenu /></>}
        actionCount={2}
        bulkActionButtons={bulkActions}
        sort={<SortButton fields={['validUntil', 'title', 'company.name', 'status', 'clicks', 'lastVerifiedAt', 'successRate', 'reportsCount', 'createdAt']} />}
      />
    );
  }
  return (
    // Half the default side padding: the nine default columns and the row actions fit 1280 x 800 beside the
    // open menu (they were 1,321 px wide, the actions cut off; issue 22).
    <DataTable
      rowClick={false}
      bulkActionButtons={bulkActions}
      bulkActionsToolbar={bulkToolbar}
      hiddenColumns={['createdAt', 'reportsCount']}
      sx={{ '& td': { verticalAlign: 'middle' }, '& td, & th': { px: 1 } }}
    >
      <Col source="title" label="Discount" render={(r) => <DiscountCell record={r} />} />
      <Col source="company.name" label="Company"><CompanyField /></Col>
      <Col source="mediaUrl" label="Media" disableSort><MediaThumb /></Col>
      <Col source="validUntil" label="Expires" render={(r) => expiryLabel(r.validUntil, now)} sx={{ whiteSpace: 'nowrap' }} />
      <Col source="status" label="Status"><StatusBadge /></Col>
      <DataTable.NumberCol source="clicks" label="Clicks" />
      <Col source="lastVerifiedAt" label="Verified" render={(r) => <VerifiedCell record={r} />} />
      <Col source="successRate" label="Success" render={successCell} align="right" sx={{ whiteSpace: 'nowrap' }} />
      <DataTable.NumberCol source="reportsCount" label="Reports" />
      <Col source="createdAt" label="Created" render={(r) => new Date(r.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })} />
      <Col label="Actions" disableSort align="right"><Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center' }}><VerifiedTodayButton /><DiscountMenu /></Box></Col>
    </DataTable>
  );
}
