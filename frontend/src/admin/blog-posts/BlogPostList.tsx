import { Box, Button, Paper, Skeleton, Stack, Typography, useMediaQuery } from '@mui/material';
import { format } from 'date-fns';
import {
  ColumnsButton, Pagination, RecordContextProvider, SearchInput, SelectInput, TopToolbar,
  useListContext, DataTable
} from 'react-admin';
import { List } from '../components/live-list.js';
import { Link } from 'react-router-dom';
import type { BlogPostJson } from '../../../../common/api-types.js';
import { BLOG_CATEGORIES, BLOG_STATUSES } from '../../../../common/enums.js';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants.js';
import { AddIcon } from '../components/icons.js';
import { PageHeader } from '../components/PageHeader.js';
import { MatchingBulkToolbar, ServerBulkButton, ServerBulkExportButton, ServerExportButton } from '../components/ServerBulk.js';
import { capitalise, PostActions, PostThumb, publishDate, StatusChip } from './post-parts.js';

const COMPACT = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
const SKELETON_ROWS = 5;
const Column = DataTable.Col<BlogPostJson>;
const choices = (values: readonly string[]) => values.map((id) => ({ id, name: capitalise(id) }));
// The empty choice is shown even when nothing is picked, so the filter reads 'All Statuses' / 'All Categories'.
const allShown = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by title or author..." aria-label="Search by title or author" />,
  <SelectInput key="status" source="status" label="Status" id="filter-status" alwaysOn choices={choices(BLOG_STATUSES)}
    emptyText="All Statuses" slotProps={allShown} />,
  <SelectInput key="category" source="category" label="Category" id="filter-category" alwaysOn choices={choices(BLOG_CATEGORIES)}
    emptyText="All Categories" slotProps={allShown} />,
];

/**
 * /admin/blog-posts (docs/spec.md §2): paged, sorted and filtered on the server (25 a page, newest first), the state in
 * the URL; a table with row selection and bulk actions, or compact cards at phone width.
 */
export function BlogPostList() {
  const compact = useMediaQuery(COMPACT);
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 3, maxWidth: 1280, minWidth: 0, width: '100%' }}>
      <PageHeader title="Manage Blog Posts" subtitle="Create, edit, and manage your blog content."
        actions={<Button component={Link} to="/admin/blog-posts/new" variant="contained" startIcon={<AddIcon />}>New Blog Post</Button>} />
      <List resource="blog-posts" title={false} perPage={25} sort={{ field: 'createdAt', order: 'DESC' }} filters={filters}
        empty={false} error={<ListError />} actions={<ListActions compact={compact} />}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaFilterForm-root': { flex: '1 1 auto' } }}>
        {compact ? <PostCards /> : <PostTable />}
      </List>
    </Box>
  );
}

function ListActions({ compact }: { compact: boolean }) {
  return (
    <TopToolbar>
      {!compact && <ColumnsButton />}
      <ServerExportButton path="/_api/admin/blog-posts/export.csv" />
    </TopToolbar>
  );
}

/**
 * Bulk actions (issue #18): applied by the server in one request to the ticked posts or, after "Select all N posts",
 * to every post of the filter; each asks first, naming the count.
 */
function BulkActions() {
  return (
    <>
      <ServerBulkButton action="publish" label="Publish" noun="post"
        content="Posts without a publish date are published now; scheduled posts keep their date." />
      <ServerBulkButton action="unpublish" label="Unpublish" noun="post" content="The posts go back to draft and leave the site." />
      <ServerBulkButton action="archive" label="Archive" noun="post" content="The posts are archived and leave the site." />
      <ServerBulkExportButton path="/_api/admin/blog-posts/export.csv" />
      <ServerBulkButton action="delete" label="Delete" noun="post" color="error" content="This action cannot be undone." />
    </>
  );
}

const bulkToolbar = <MatchingBulkToolbar noun="post"><BulkActions /></MatchingBulkToolbar>;

function PostTable() {
  const { isPending } = useListContext();
  if (isPending) return <SkeletonRows />;
  return (
    <DataTable<BlogPostJson> rowClick={false} bulkActionButtons={<BulkActions />} bulkActionsToolbar={bulkToolbar} empty={<NoPosts />}
      // A narrow window scrolls the table inside its frame rather than widening the page.
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' }, '& td': { verticalAlign: 'middle', px: 1 }, '& th': { px: 1 } }}>
      <Column label="Image" render={(p) => <PostThumb post={p} small />} disableSort />
      <Column source="title" label="Title" render={(p) => (
        <Box sx={{ minWidth: 160 }}>
          <Typography data-testid="post-title" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.title}</Typography>
          <Typography variant="body2" color="text.secondary">By {p.authorName || 'Unknown'}</Typography>
        </Box>
      )} />
      <Column source="status" label="Status" render={(p) => <StatusChip post={p} />} />
      <Column source="category" label="Category" render={(p) => capitalise(p.category ?? 'general')} />
      <Column source="publishedAt" label="Published" render={(p) => publishDate(p.publishedAt)} cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <Column source="createdAt" label="Created" render={(p) => format(new Date(p.createdAt), 'MMM d, yyyy')}
        cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <Column label="Actions" render={() => <PostActions nowrap />} disableSort />
    </DataTable>
  );
}

/** ≤ 768 px: one card per post with the same texts and buttons, nothing wider than the screen. */
function PostCards() {
  const { data, isPending } = useListContext<BlogPostJson>();
  if (isPending) return <SkeletonRows />;
  if (!data?.length) return <NoPosts />;
  return (
    <Stack component="section" aria-label="Blog posts" spacing={1} sx={{ p: 1 }}>
      {data.map((post) => (
        <RecordContextProvider key={post.id} value={post}>
          <Paper component="article" data-testid="post-card" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, gridTemplateColumns: '64px minmax(0, 1fr)' }}>
            <PostThumb post={post} small />
            <Box sx={{ minWidth: 0 }}>
              <Typography data-testid="post-title" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{post.title}</Typography>
              <Typography variant="body2" color="text.secondary">By {post.authorName || 'Unknown'} · {publishDate(post.publishedAt)}</Typography>
            </Box>
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <StatusChip post={post} />
              <Typography variant="body2" color="text.secondary">{capitalise(post.category ?? 'general')}</Typography>
            </Box>
            <Box sx={{ gridColumn: '1 / -1' }}><PostActions /></Box>
          </Paper>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

function SkeletonRows() {
  return (
    <Stack spacing={1} sx={{ p: 1 }} aria-busy="true" aria-label="Loading posts">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Box key={i} data-testid="post-row-skeleton" sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 1 }}>
          <Skeleton variant="rounded" width={80} height={54} />
          <Box sx={{ flex: 1 }}><Skeleton width="60%" /><Skeleton width="35%" /></Box>
        </Box>
      ))}
    </Stack>
  );
}

function NoPosts() {
  return <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>No blog posts found.</Typography>;
}

function ListError() {
  const { error } = useListContext();
  return <Typography color="error" role="alert" sx={{ py: 2 }}>Error loading posts: {error?.message || 'Unknown error'}</Typography>;
}
