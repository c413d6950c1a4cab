import { Alert, AlertTitle, Box, Link as MuiLink } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminCompanyDto } from '../../../../common/firm-api-types.js';
import { RETEST_AFTER_DAYS, isTestOverdue } from '../../../../common/firms.js';

/** How many firms the dashboard reads to find the overdue ones (a site lists dozens, not thousands). */
const FIRMS_READ = 500;

/** The dashboard's flag: firms not tested in 90 days (or never), each linking to its profile editor. */
export function RetestFlags() {
  const { data, isPending, error } = useGetList<AdminCompanyDto>('companies', {
    pagination: { page: 1, perPage: FIRMS_READ },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending || error || !data) return null;
  const now = new Date();
  const overdue = data.filter((c) => c.status !== 'closed' && isTestOverdue(c.lastTestedAt, now));
  if (overdue.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="retest-flags">
      <AlertTitle>{`${overdue.length} ${overdue.length === 1 ? 'firm' : 'firms'} not tested in ${RETEST_AFTER_DAYS} days`}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {overdue.map((c) => (
          <li key={c.id}>
            <MuiLink component={Link} to={`/admin/companies/${c.id}/profile`}>{c.name}</MuiLink>
            {c.lastTestedAt ? ` (last tested ${c.lastTestedAt})` : ' (never tested)'}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
