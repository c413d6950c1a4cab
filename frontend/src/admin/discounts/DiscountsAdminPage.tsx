import { Typography } from '@mui/material';

// Replaced by the discounts screen of SPEC §2.
export function DiscountsAdminPage() {
  return <Typography variant="h4" component="h1" sx={{ p: 3 }}>Manage Discounts</Typography>;
}
