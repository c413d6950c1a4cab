import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { EditBase, Form, useEditContext, useNotify, useRedirect, type HttpError } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { BlogPostJson } from '../../../../common/api-types.js';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { BACK_TO_POSTS } from './BlogPostCreate.js';
import { BlogPostInputs } from './BlogPostInputs.js';
import { toPayload, valuesFromPost, type PostFormValues, type PostPayload } from '../../../../common/post-form.js';
import { RevisionsPanel } from '../components/RevisionsPanel.js';
import { isEditConflict, withVersion } from '../components/versioned.js';
import { ConflictNotice, PostAutosave, PreviewButton, UnsavedCopy } from './post-team-tools.js';

interface Conflict {
  message: string;
  unsaved: PostPayload;
}

/** /admin/blog-posts/{id}/edit (docs/spec.md §2): loads this one post (GET /:id); the id is parsed as an integer. */
export function BlogPostEdit() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const notify = useNotify();
  const redirect = useRedirect();
  const [conflict, setConflict] = useState<Conflict | null>(null);
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
          // The version the form was loaded at goes with the save: a newer save by someone else answers 409.
          transform={withVersion((values: PostFormValues, options?: { previousData?: BlogPostJson }) => toPayload(values, options?.previousData))}
          mutationOptions={{
            onSuccess: () => {
              notify(TOAST.postUpdated, { type: 'success' });
              redirect('list', 'blog-posts');
            },
            onError: (e, variables) => {
              notify(TOAST.failed('update post', errorMessage(e)), { type: 'error' });
              if (isEditConflict(e)) setConflict({ message: errorMessage(e), unsaved: (variables as { data: PostPayload }).data });
            },
          }}
        >
          <EditForm conflict={conflict} clearConflict={() => setConflict(null)} />
        </EditBase>
      ) : (
        <Typography role="status">Blog post not found.</Typography>
      )}
    </Box>
  );
}

function EditForm({ conflict, clearConflict }: { conflict: Conflict | null; clearConflict: () => void }) {
  const { record, isPending, error, refetch } = useEditContext<BlogPostJson>();
  const values = useMemo(() => (record ? valuesFromPost(record) : undefined), [record]);
  // What was typed before a conflict's Reload, kept on screen after the form shows the saved version.
  const [kept, setKept] = useState<PostPayload | null>(null);
  // Bumped once a reload or restore has the new version: a fresh form shows it. Not keyed on the version itself:
  // an own save's redirect must leave from the form that saved (remounting it would drop the navigation).
  const [formKey, setFormKey] = useState(0);
  const showSaved = () => void refetch().then(() => setFormKey((k) => k + 1));
  if (isPending) return <EditSkeleton />;
  if (error) {
    if ((error as HttpError).status === 404) return <Typography role="status">Blog post not found.</Typography>;
    return <Typography color="error" role="alert">Error loading post: {errorMessage(error)}</Typography>;
  }
  if (!values || !record) return <Typography role="status">Blog post not found.</Typography>;
  const reload = () => {
    setKept(conflict?.unsaved ?? null);
    clearConflict();
    showSaved();
  };
  return (
    <>
      {conflict && <ConflictNotice message={conflict.message} onReload={reload} />}
      {kept && <UnsavedCopy values={kept} onDismiss={() => setKept(null)} />}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}><PreviewButton id={record.id} /></Box>
      {/* A new version from a reload or restore mounts a fresh form with it: the values on screen are the saved ones. */}
      <Form key={formKey} record={values} mode="onBlur" reValidateMode="onBlur" noValidate warnWhenUnsavedChanges>
        <BlogPostInputs mode="edit" />
        <PostAutosave id={record.id} />
      </Form>
      <RevisionsPanel resource="blog-posts" record={record as BlogPostJson & Record<string, unknown>} onRestored={showSaved} />
    </>
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
