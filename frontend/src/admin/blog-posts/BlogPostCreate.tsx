import { Box } from '@mui/material';
import { CreateBase, Form, useNotify, useRedirect } from 'react-admin';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { BlogPostInputs } from './BlogPostInputs.js';
import { EMPTY_POST, toPayload, type PostFormValues } from '../../../../common/post-form.js';

export const BACK_TO_POSTS = { to: '/admin/blog-posts', label: 'Back to Blog Posts' };

/** /admin/blog-posts/new (docs/spec.md §2): on success back to the list; the server's per-field errors land on the fields. */
export function BlogPostCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pb: 3, maxWidth: 1280 }}>
      <PageHeader title="Create New Blog Post" subtitle="Fill out the form below to publish a new article." back={BACK_TO_POSTS} />
      <CreateBase
        resource="blog-posts"
        transform={(values: PostFormValues) => toPayload(values)}
        mutationOptions={{
          onSuccess: () => {
            notify(TOAST.postCreated, { type: 'success' });
            redirect('list', 'blog-posts');
          },
          onError: (e) => notify(TOAST.failed('create post', errorMessage(e)), { type: 'error' }),
        }}
      >
        <Form record={EMPTY_POST} mode="onBlur" reValidateMode="onBlur" noValidate warnWhenUnsavedChanges>
          <BlogPostInputs mode="create" />
        </Form>
      </CreateBase>
    </Box>
  );
}
