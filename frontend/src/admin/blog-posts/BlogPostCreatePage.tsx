import { Box } from '@mui/material';
import { useCreate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { TOAST } from '../../../../common/messages.js';
import { applyServerErrors, BlogPostForm } from './BlogPostForm.js';
import { errorBody, errorMessage, PostPageHeader } from './PostPageHeader.js';

/** /admin/blog-posts/new (SPEC §2). */
export function BlogPostCreatePage() {
  const navigate = useNavigate();
  const [create, { isPending }] = useCreate();
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1280 }}>
      <PostPageHeader title="Create New Blog Post" subtitle="Fill out the form below to publish a new article." />
      <BlogPostForm
        mode="create"
        saving={isPending}
        onSubmit={(payload, setError) =>
          create('blog-posts', { data: payload }, {
            onSuccess: () => {
              toast.success(TOAST.postCreated);
              navigate('/admin/blog-posts');
            },
            onError: (e) => {
              toast.error(TOAST.failed('create post', errorMessage(e)));
              applyServerErrors(errorBody(e), setError);
            },
          })
        }
      />
    </Box>
  );
}
