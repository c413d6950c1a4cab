import { Typography } from '@mui/material';

// Replaced by the blog-posts screen of SPEC §2.
export function BlogPostEditPage() {
  return <Typography variant="h4" component="h1" sx={{ p: 3 }}>Edit Blog Post</Typography>;
}
