import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { CLAIM_DECISION_DAYS } from '../../../../common/payouts.js';

/** The claims board filtered to the overdue claims, as react-admin's List reads `filter` from the address. */
export const OVERDUE_CLAIMS_LINK = `/admin/payout-claims?filter=${encodeURIComponent(JSON.stringify({ overdue: true }))}`;

/**
 * Dashboard: payout-guarantee claims without a decision CLAIM_DECISION_DAYS after they were filed (issue #17): the
 * overdue list's total (one row asked for), linking to that list. A trader waits on each of them.
 */
export function OverdueClaimsCard() {
  const { total, isPending, error } = useGetList('payout-claims', { filter: { overdue: true }, pagination: { page: 1, perPage: 1 } });
  const n = total ?? 0;
  const heading = isPending
    ? 'Payout claims waiting for a decision…'
    : error
      ? 'Payout claims waiting for a decision: unavailable'
      : n === 0
        ? `No payout claim is waiting more than ${CLAIM_DECISION_DAYS} days`
        : `${n} payout claim${n === 1 ? '' : 's'} without a decision after ${CLAIM_DECISION_DAYS} days`;
  return (
    <Card sx={{ mb: 3, ...(n > 0 ? { borderLeft: 4, borderColor: 'warning.main' } : {}) }}>
      <CardActionArea component={Link} to={OVERDUE_CLAIMS_LINK}>
        <CardContent>
          <Typography variant="h6" component="h2" data-testid="overdue-claims-count">{heading}</Typography>
          <Typography color="text.secondary">A trader was promised a decision: open the claims board filtered to them.</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
