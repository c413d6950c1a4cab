import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useGetList } from 'react-admin';

/** The list's `filter={"needsCheck":true}` in the address, as react-admin's List reads it. */
export const NEEDS_CHECK_LINK = `/admin/discounts?filter=${encodeURIComponent(JSON.stringify({ needsCheck: true }))}`;

/** Dashboard: the number of codes needing a check — the needs-check list's total (one row asked for). */
export function NeedsCheckCard() {
  const { total, isPending, error } = useGetList('discounts', { filter: { needsCheck: true }, pagination: { page: 1, perPage: 1 } });
  return (
    <Card sx={{ mb: 3 }}>
      <CardActionArea component={Link} to={NEEDS_CHECK_LINK}>
        <CardContent>
          <Typography variant="h6" component="h2" data-testid="needs-check-count">
            {isPending ? 'Codes needing a check…' : error ? 'Codes needing a check: unavailable' : `${total ?? 0} code${total === 1 ? '' : 's'} need${total === 1 ? 's' : ''} a check`}
          </Typography>
          <Typography color="text.secondary">Active codes not verified in the last 7 days, or reported not working.</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
