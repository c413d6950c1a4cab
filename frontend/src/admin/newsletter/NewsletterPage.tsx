import { Typography } from '@mui/material';

// Replaced by the newsletter screen of SPEC §2.
export function NewsletterPage() {
  return <Typography variant="h4" component="h1" sx={{ p: 3 }}>Newsletter Subscribers</Typography>;
}
