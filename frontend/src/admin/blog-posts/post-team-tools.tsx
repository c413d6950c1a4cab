import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { toPayload, type PostFormValues, type PostPayload } from '../../../../common/post-form.js';
import type { PreviewLinkDto } from '../../../../common/team-api-types.js';
import type { ProofDataProvider } from '../dataProvider.js';
import { errorMessage } from '../components/errors.js';

/** How long after the last keystroke a draft is autosaved (as a revision, never published). */
export const AUTOSAVE_DELAY_MS = 3000;

/** A stale save's 409 (issue #20): the server's message, and Reload. The form keeps what was typed until then. */
export function ConflictNotice({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2 }} data-testid="edit-conflict"
      action={<Button color="inherit" size="small" onClick={onReload}>Reload</Button>}>
      {message}
    </Alert>
  );
}

/** After Reload, what the person had typed stays on screen to copy back in; nothing of it is lost. */
export function UnsavedCopy({ values, onDismiss }: { values: PostPayload; onDismiss: () => void }) {
  return (
    <Card sx={{ mb: 2, borderColor: 'warning.main', borderWidth: 1, borderStyle: 'solid' }} data-testid="unsaved-copy">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2">Your unsaved changes</Typography>
        <Typography variant="body2" color="text.secondary">The form now shows the saved version. Copy what you need from here.</Typography>
        <TextField label="Your title" value={values.title} slotProps={{ input: { readOnly: true } }} />
        <TextField label="Your excerpt" value={values.excerpt ?? ''} slotProps={{ input: { readOnly: true } }} />
        <TextField label="Your content" value={values.content} multiline minRows={4} maxRows={12} slotProps={{ input: { readOnly: true } }} />
        <Box><Button onClick={onDismiss}>Dismiss</Button></Box>
      </CardContent>
    </Card>
  );
}

/** Inside the post form: keeps the draft being typed as a revision a few seconds after each change. */
export function PostAutosave({ id }: { id: number }) {
  const values = useWatch() as PostFormValues;
  const { isDirty } = useFormState();
  const dataProvider = useDataProvider<ProofDataProvider>();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const snapshot = JSON.stringify(values);
  useEffect(() => {
    if (!isDirty) return undefined;
    const timer = setTimeout(() => {
      // A draft the server refuses (say, an empty title) is simply not autosaved; the form shows its own errors.
      dataProvider.autosavePost(id, toPayload(JSON.parse(snapshot) as PostFormValues)).then(() => setSavedAt(new Date()), () => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapshot, isDirty, id, dataProvider]);
  return savedAt ? (
    <Typography variant="caption" color="text.secondary" role="status" data-testid="autosave-status" sx={{ display: 'block', mt: 1 }}>
      Draft autosaved at {format(savedAt, 'HH:mm:ss')}
    </Typography>
  ) : null;
}

/** "Preview": a signed link anyone can open (7 days), opened in a new tab and offered to copy. */
export function PreviewButton({ id }: { id: number }) {
  const dataProvider = useDataProvider<ProofDataProvider>();
  const notify = useNotify();
  const [link, setLink] = useState<PreviewLinkDto | null>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();
  const open = async () => {
    setPending(true);
    try {
      setLink((await dataProvider.previewLink(id)).data);
    } catch (e) {
      notify(`Failed to make a preview link: ${errorMessage(e)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!.url);
      notify('Preview link copied', { type: 'success' });
    } catch {
      notify('Failed to copy the link. Select it and copy it by hand.', { type: 'error' });
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => void open()} disabled={pending}>Preview</Button>
      {link && (
        <Dialog open onClose={() => setLink(null)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
          <DialogTitle id={titleId}>Preview link</DialogTitle>
          <DialogContent dividers sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2">Anyone with this link can read the post as it will be published, until {format(new Date(link.expiresAt), 'PPp')}. It is never indexed.</Typography>
            <TextField label="Link" value={link.url} slotProps={{ input: { readOnly: true } }} onFocus={(e) => e.target.select()} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setLink(null)} color="inherit">Close</Button>
            <Button onClick={() => void copy()}>Copy link</Button>
            <Button variant="contained" component="a" href={link.url} target="_blank" rel="noopener">Open preview</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
