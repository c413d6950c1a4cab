import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useMemo } from 'react';
import { EditBase, Form, useEditContext, useNotify, useRedirect, type HttpError } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { BlogPostJson } from '../../../../common/api-types.js';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { BACK_TO_POSTS } from './BlogPostCreate.js';
import { BlogPostInputs } from './BlogPostInputs.js';
import { toPayload, valuesFromPost, type PostFormValues } from '../../../../common/post-form.js';

/** /admin/blog-posts/{id}/edit (SPEC §2): loads this one post (GET /:id); the id is parsed as an integer. */
export function BlogPostEdit() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 3, maxWidth: 1280 }}>
      <PageHeader title="Edit Blog Post" subtitle="Update the details for this article." back={BACK_TO_POSTS} />
      {Number.isSafeInteger(id) && id > 0 ? (
        <EditBase
          resource="blog-posts"
          id={id}
          mutationMode="pessimistic"
          // Always this post as the server has it now: a cache entry of its own (the list pre-fills the plain
          // getOne entry with rows that carry no content), fetched on every visit. The states below replace
          // react-admin's "not found" toast and redirect to the list.
          queryOptions={{ meta: { view: 'edit' }, staleTime: 0, retry: false, onError: () => undefined }}
          transform={(values: PostFormValues, options?: { previousData?: BlogPostJson }) => toPayload(values, options?.previousData)}
          mutationOptions={{
            onSuccess: () => {
              notify(TOAST.postUpdated, { type: 'success' });
              redirect('list', 'blog-posts');
            },
            onError: (e) => notify(TOAST.failed('update post', errorMessage(e)), { type: 'error' }),
          }}
        >
          <EditForm />
        </EditBase>
      ) : (
        <Typography role="status">Blog post not found.</Typography>
      )}
    </Box>
  );
}

function EditForm() {
  const { record, isPending, error } = useEditContext<BlogPostJson>();
  const values = useMemo(() => (record ? valuesFromPost(record) : undefined), [record]);
  if (isPending) return <EditSkeleton />;
  if (error) {
    if ((error as HttpError).status === 404) return <Typography role="status">Blog post not found.</Typography>;
    return <Typography color="error" role="alert">Error loading post: {errorMessage(error)}</Typography>;
  }
  if (!values) return <Typography role="status">Blog post not found.</Typography>;
  return (
    <Form record={values} mode="onBlur" reValidateMode="onBlur" noValidate>
      <BlogPostInputs mode="edit" />
    </Form>
  );
}

function EditSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' } }} aria-busy="true" aria-label="Loading post">
      <Card><CardContent>{[56, 56, 320].map((h, i) => <Skeleton key={i} variant="rounded" height={h} sx={{ mb: 2 }} />)}</CardContent></Card>
      <Card><CardContent>{[56, 44, 56, 56].map((h, i) => <Skeleton key={i} variant="rounded" height={h} sx={{ mb: 2 }} />)}</CardContent></Card>
    </Box>
  );
}
