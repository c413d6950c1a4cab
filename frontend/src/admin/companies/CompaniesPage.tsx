import { Typography } from '@mui/material';

// Replaced by the companies screen of SPEC §2.
export function CompaniesPage() {
  return <Typography variant="h4" component="h1" sx={{ p: 3 }}>Manage Companies</Typography>;
}
