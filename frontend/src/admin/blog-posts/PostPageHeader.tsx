import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { ArrowBackIcon } from '../components/icons.js';

/** The back link, heading and subtitle of the new and edit pages (SPEC §2). */
export function PostPageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Button component={Link} to="/admin/blog-posts" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        Back to Blog Posts
      </Button>
      <Typography variant="h4" component="h1">{title}</Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </Box>
  );
}

export const errorMessage = (e: unknown): string =>
  e instanceof Error && e.message ? e.message : 'Unknown error';

export const errorBody = (e: unknown): unknown => (e as { body?: unknown } | null)?.body;
