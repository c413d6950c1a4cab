import { Typography } from '@mui/material';

// Replaced by the blog-posts screen of SPEC §2.
export function BlogPostCreatePage() {
  return <Typography variant="h4" component="h1" sx={{ p: 3 }}>Create New Blog Post</Typography>;
}
