import { Box, Button, Chip } from '@mui/material';
import { format } from 'date-fns';
import { useDelete, useNotify, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { BlogPostJson } from '../../../../common/api-types.js';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { ImageIcon } from '../components/icons.js';

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const STATUS_COLOR = { published: 'success', draft: 'default', archived: 'warning' } as const;

/** docs/spec.md §2: the publish date, or 'Not Published'. */
export function publishDate(iso: string | null | undefined): string {
  if (!iso) return 'Not Published';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Not Published' : format(d, 'MMM d, yyyy');
}

export function PostThumb({ post, small = false }: { post: BlogPostJson; small?: boolean }) {
  const size = small ? { width: 64, height: 44 } : { width: 80, height: 54 };
  return post.featuredImageUrl ? (
    <Box component="img" src={post.featuredImageUrl} alt="" loading="lazy" sx={{ ...size, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
  ) : (
    <Box aria-hidden="true" data-testid="post-image-placeholder"
      sx={{ ...size, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      <ImageIcon />
    </Box>
  );
}

/** The post's status (default draft, docs/spec.md §2). */
export function StatusChip({ post }: { post: BlogPostJson }) {
  const status = post.status ?? 'draft';
  return <Chip size="small" label={capitalise(status)} color={STATUS_COLOR[status] ?? 'default'} data-testid="post-status" />;
}

/** Edit, View (the public page in a new tab) and Delete, with docs/spec.md §2's browser confirm and docs/spec.md §8's toasts. */
export function PostActions({ nowrap = false }: { nowrap?: boolean }) {
  const post = useRecordContext<BlogPostJson>();
  const [deleteOne, { isPending }] = useDelete();
  const notify = useNotify();
  if (!post) return null;
  const onDelete = () => {
    if (!window.confirm('Are you sure you want to delete this post?')) return;
    deleteOne('blog-posts', { id: post.id, previousData: post }, {
      mutationMode: 'pessimistic',
      onSuccess: () => notify(TOAST.postDeleted, { type: 'success' }),
      onError: (e) => notify(TOAST.failed('delete post', errorMessage(e)), { type: 'error' }),
    });
  };
  // Clicks stay here: the row itself selects nothing and opens nothing.
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: nowrap ? 'nowrap' : 'wrap', '& .MuiButton-root': { minWidth: 0, px: 1.25 } }}
      onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="outlined" component={Link} to={`/admin/blog-posts/${post.id}/edit`} aria-label={`Edit ${post.title}`}>Edit</Button>
      <Button size="small" variant="outlined" component="a" href={`/blog/${post.slug}`} target="_blank" rel="noopener"
        aria-label={`View ${post.title} (opens in a new tab)`}>View</Button>
      <Button size="small" variant="outlined" color="error" onClick={onDelete} disabled={isPending} aria-label={`Delete ${post.title}`}>Delete</Button>
    </Box>
  );
}
