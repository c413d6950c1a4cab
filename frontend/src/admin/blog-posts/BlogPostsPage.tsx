import { Box, Button, Chip, InputAdornment, MenuItem, Paper, Skeleton, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useDelete, useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { BlogPostJson } from '../../../../common/api-types.js';
import { BLOG_CATEGORIES, BLOG_STATUSES } from '../../../../common/enums.js';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from './PostPageHeader.js';
import { AddIcon, ArrowBackIcon, ImageIcon, SearchIcon } from '../components/icons.js';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const STATUS_COLOR = { published: 'success', draft: 'default', archived: 'warning' } as const;
const SKELETON_ROWS = 5;
/** The admin list shows every post on one page (SPEC §2 has no pagination here); the server caps a page at 1000. */
const ALL = { page: 1, perPage: 1000 };

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function publishDate(iso: string | null): string {
  if (!iso) return 'Not Published';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Not Published' : format(d, 'MMM d, yyyy');
}

/** /admin/blog-posts (SPEC §2): every post, newest first, with search, status and category filters. */
export function BlogPostsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const q = useDebounced(search.trim(), 250);
  const filter: Record<string, string> = {};
  if (q) filter.q = q;
  if (status) filter.status = status;
  if (category) filter.category = category;
  const { data, isPending, error } = useGetList<BlogPostJson>('blog-posts', {
    pagination: ALL,
    sort: { field: 'createdAt', order: 'DESC' },
    filter,
  }, {
    // A new filter keeps the current rows until its answer arrives (skeletons only on the first load).
    placeholderData: keepPreviousData,
  });
  const [deleteOne] = useDelete();

  const onDelete = (post: BlogPostJson) => {
    if (!window.confirm('Are you sure you want to delete this post?')) return;
    deleteOne('blog-posts', { id: post.id, previousData: post }, {
      mutationMode: 'pessimistic',
      onSuccess: () => toast.success(TOAST.postDeleted),
      onError: (e) => toast.error(TOAST.failed('delete post', errorMessage(e))),
    });
  };

  let body;
  if (isPending) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <Paper key={i} data-testid="post-row-skeleton" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Skeleton variant="rounded" width={96} height={64} />
        <Box sx={{ flex: 1 }}><Skeleton width="60%" /><Skeleton width="35%" /></Box>
        <Skeleton variant="rounded" width={180} height={32} sx={{ display: { xs: 'none', sm: 'block' } }} />
      </Paper>
    ));
  } else if (error) {
    body = <Typography color="error" role="alert">Error loading posts: {errorMessage(error)}</Typography>;
  } else if (!data?.length) {
    body = <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>No blog posts found.</Typography>;
  } else {
    body = data.map((post) => <PostRow key={post.id} post={post} onDelete={() => onDelete(post)} />);
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1280 }}>
      <Button component={Link} to="/admin" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        Back to Dashboard
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">Manage Blog Posts</Typography>
          <Typography color="text.secondary">Create, edit, and manage your blog content.</Typography>
        </Box>
        <Button component={Link} to="/admin/blog-posts/new" variant="contained" startIcon={<AddIcon />}>New Blog Post</Button>
      </Box>
      <Box role="search" sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr' } }}>
        <TextField
          type="search"
          placeholder="Search by title or author..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search by title or author' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
        <TextField select value={status} onChange={(e) => setStatus(e.target.value)} id="filter-status"
          slotProps={{ select: { displayEmpty: true, inputProps: { 'aria-label': 'Filter by status' } } }}>
          <MenuItem value="">All Statuses</MenuItem>
          {BLOG_STATUSES.map((s) => <MenuItem key={s} value={s}>{label(s)}</MenuItem>)}
        </TextField>
        <TextField select value={category} onChange={(e) => setCategory(e.target.value)} id="filter-category"
          slotProps={{ select: { displayEmpty: true, inputProps: { 'aria-label': 'Filter by category' } } }}>
          <MenuItem value="">All Categories</MenuItem>
          {BLOG_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{label(c)}</MenuItem>)}
        </TextField>
      </Box>
      <Box component="section" aria-label="Blog posts" sx={{ display: 'grid', gap: 1.5 }}>{body}</Box>
    </Box>
  );
}

function PostRow({ post, onDelete }: { post: BlogPostJson; onDelete: () => void }) {
  const status = post.status ?? 'draft';
  return (
    <Paper component="article" data-testid="post-row" sx={{
      p: 2, display: 'grid', gap: 2, alignItems: 'center',
      gridTemplateColumns: { xs: '72px minmax(0, 1fr)', md: '96px minmax(0, 1fr) auto auto' },
    }}>
      {post.featuredImageUrl ? (
        <Box component="img" src={post.featuredImageUrl} alt="" loading="lazy"
          sx={{ width: { xs: 72, md: 96 }, height: { xs: 48, md: 64 }, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
      ) : (
        <Box aria-hidden="true" sx={{ width: { xs: 72, md: 96 }, height: { xs: 48, md: 64 }, borderRadius: 1, bgcolor: 'action.hover',
          display: 'grid', placeItems: 'center', color: 'text.secondary' }}><ImageIcon /></Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{post.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          By {post.authorName || 'Unknown'} · {publishDate(post.publishedAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <Chip size="small" label={label(status)} color={STATUS_COLOR[status] ?? 'default'} data-testid="post-status" />
        <Chip size="small" variant="outlined" label={label(post.category ?? 'general')} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <Button size="small" variant="outlined" component={Link} to={`/admin/blog-posts/${post.id}/edit`}
          aria-label={`Edit ${post.title}`}>Edit</Button>
        <Button size="small" variant="outlined" component="a" href={`/blog/${post.slug}`} target="_blank" rel="noopener"
          aria-label={`View ${post.title} (opens in a new tab)`}>View</Button>
        <Button size="small" variant="outlined" color="error" onClick={onDelete} aria-label={`Delete ${post.title}`}>Delete</Button>
      </Box>
    </Paper>
  );
}
