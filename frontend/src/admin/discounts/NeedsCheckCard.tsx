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

/** The list's `filter={"held":true}`: codes with a burst of reports awaiting an accept. */
export const HELD_LINK = `/admin/discounts?filter=${encodeURIComponent(JSON.stringify({ held: true }))}`;

/** Dashboard: codes whose figures are frozen by a held burst of reports (issue #18). */
export function HeldReportsCard() {
  const { total, isPending, error } = useGetList('discounts', { filter: { held: true }, pagination: { page: 1, perPage: 1 } });
  if (isPending || error || !total) return null;
  return (
    <Card sx={{ mb: 3 }}>
      <CardActionArea component={Link} to={HELD_LINK}>
        <CardContent>
          <Typography variant="h6" component="h2" data-testid="held-count">
            {`${total} code${total === 1 ? ' has' : 's have'} held reports`}
          </Typography>
          <Typography color="text.secondary">
            A burst of answers is held out of the success rate, which stays at its last stable figure until you accept it.
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The list's `filter={"demoted":true}`: active codes reported not working, to re-test (issue #30). */
export const DEMOTED_LINK = `/admin/discounts?filter=${encodeURIComponent(JSON.stringify({ demoted: true }))}`;

/** Dashboard: demoted codes ("Reported not working — we are re-testing" on the site), flagged for a re-check. */
export function DemotedCard() {
  const { total, isPending, error } = useGetList('discounts', { filter: { demoted: true }, pagination: { page: 1, perPage: 1 } });
  if (isPending || error || !total) return null;
  return (
    <Card sx={{ mb: 3 }}>
      <CardActionArea component={Link} to={DEMOTED_LINK}>
        <CardContent>
          <Typography variant="h6" component="h2" data-testid="demoted-count">
            {`${total} code${total === 1 ? ' is' : 's are'} reported not working: re-test`}
          </Typography>
          <Typography color="text.secondary">
            Visitors' answers (or a failed check) demoted them on the site. A check that finds one working lifts it.
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
