import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useUpdate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { BlogPostJson } from '../../../../common/api-types.js';
import { TOAST } from '../../../../common/messages.js';
import { apiFetch } from '../../lib/api.js';
import { applyServerErrors, BlogPostForm } from './BlogPostForm.js';
import { valuesFromPost } from './post-form-values.js';
import { errorBody, errorMessage, PostPageHeader } from './PostPageHeader.js';

/** SPEC §7: the edit page loads the whole admin list (no range) and finds the post by id on the client. */
export const ALL_POSTS_KEY = ['blog-posts', 'all-for-edit'] as const;

/** /admin/blog-posts/{id}/edit (SPEC §2); the id is parsed as an integer. */
export function BlogPostEditPage() {
  const { id: rawId } = useParams();
  const id = Number.parseInt(rawId ?? '', 10);
  const navigate = useNavigate();
  const { data, isPending, error } = useQuery({
    queryKey: ALL_POSTS_KEY,
    queryFn: () => apiFetch<BlogPostJson[]>('/_api/admin/blog-posts'),
    staleTime: 0,
  });
  const [update, { isPending: saving }] = useUpdate();
  const post = data?.find((p) => p.id === id);

  let body;
  if (isPending) {
    body = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' } }} aria-busy="true" aria-label="Loading post">
        <Card><CardContent>{[56, 56, 320].map((h, i) => <Skeleton key={i} variant="rounded" height={h} sx={{ mb: 2 }} />)}</CardContent></Card>
        <Card><CardContent>{[56, 44, 56, 56].map((h, i) => <Skeleton key={i} variant="rounded" height={h} sx={{ mb: 2 }} />)}</CardContent></Card>
      </Box>
    );
  } else if (error) {
    body = <Typography color="error" role="alert">Error loading post: {errorMessage(error)}</Typography>;
  } else if (!post) {
    body = <Typography role="status">Blog post not found.</Typography>;
  } else {
    body = (
      <BlogPostForm
        key={post.id}
        mode="edit"
        defaultValues={valuesFromPost(post)}
        saving={saving}
        onSubmit={(payload, setError) =>
          update('blog-posts', { id: post.id, data: payload, previousData: post }, {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              toast.success(TOAST.postUpdated);
              navigate('/admin/blog-posts');
            },
            onError: (e) => {
              toast.error(TOAST.failed('update post', errorMessage(e)));
              applyServerErrors(errorBody(e), setError);
            },
          })
        }
      />
    );
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1280 }}>
      <PostPageHeader title="Edit Blog Post" subtitle="Update the details for this article." />
      {body}
    </Box>
  );
}
