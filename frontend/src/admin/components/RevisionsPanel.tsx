import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { DIFF_FIELDS, diffRevisions, type DiffPart } from '../../../../common/revision-diff.js';
import type { RevisionDto } from '../../../../common/team-api-types.js';
import type { ProofDataProvider } from '../dataProvider.js';
import { errorMessage } from './errors.js';

type DiffFields = typeof DIFF_FIELDS;

const KIND_LABEL: Record<string, string> = { create: 'Created', save: 'Saved', restore: 'Restored', autosave: 'Autosaved draft' };

/**
 * The edit page's revisions (issue #20): who saved when, a readable diff against the current version, and
 * restore (a save of the revision's fields, itself a new revision). Refreshed whenever the record's version moves.
 */
export function RevisionsPanel({ resource, record, onRestored, fields = DIFF_FIELDS }: {
  resource: string;
  record: { id: number; version: number } & Record<string, unknown>;
  onRestored: () => void;
  /** The fields Compare shows (a post's title, excerpt and body by default; a campaign's subject, preview text and content). */
  fields?: DiffFields;
}) {
  const dataProvider = useDataProvider<ProofDataProvider>();
  const notify = useNotify();
  const [compared, setCompared] = useState<RevisionDto | null>(null);
  const [restoring, setRestoring] = useState(false);
  const { data: revisions = [], isPending, error } = useQuery({
    queryKey: [resource, 'revisions', record.id, record.version],
    queryFn: () => dataProvider.revisions(resource, record.id).then((r) => r.data),
    staleTime: 0,
  });
  const restore = async (revision: RevisionDto) => {
    setRestoring(true);
    try {
      await dataProvider.restoreRevision(resource, record.id, revision.id);
      notify(`Restored the version of ${format(new Date(revision.at), 'PPpp')}`, { type: 'success' });
      setCompared(null);
      onRestored();
    } catch (e) {
      notify(`Failed to restore: ${errorMessage(e)}`, { type: 'error' });
    } finally {
      setRestoring(false);
    }
  };
  return (
    <Card component="section" aria-labelledby="revisions-heading" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="revisions-heading">Revisions</Typography>
        {isPending && <Typography color="text.secondary">Loading revisions…</Typography>}
        {error && <Typography color="error" role="alert">Error loading revisions: {errorMessage(error)}</Typography>}
        {!isPending && !error && revisions.length === 0 && <Typography color="text.secondary">No revisions yet.</Typography>}
        <List dense data-testid="revisions">
          {revisions.map((r, i) => (
            <ListItem key={r.id} divider data-testid="revision" sx={{ flexWrap: 'wrap', gap: 1 }}
              secondaryAction={undefined}>
              <ListItemText
                primary={`${KIND_LABEL[r.kind] ?? r.kind}${i === 0 && r.kind !== 'autosave' ? ' (current)' : ''}`}
                secondary={`${format(new Date(r.at), 'PPpp')} · ${r.actor.name ?? 'Unknown'}`}
                sx={{ minWidth: 200 }}
              />
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button size="small" onClick={() => setCompared(r)} aria-label={`Compare the revision of ${format(new Date(r.at), 'PPpp')}`}>Compare</Button>
                <Button size="small" onClick={() => void restore(r)} disabled={restoring}
                  aria-label={`Restore the revision of ${format(new Date(r.at), 'PPpp')}`}>Restore</Button>
              </Box>
            </ListItem>
          ))}
        </List>
      </CardContent>
      {compared && (
        <CompareDialog revision={compared} current={record} fields={fields} restoring={restoring}
          onRestore={() => void restore(compared)} onClose={() => setCompared(null)} />
      )}
    </Card>
  );
}

function CompareDialog({ revision, current, fields, restoring, onRestore, onClose }: {
  revision: RevisionDto;
  current: Record<string, unknown>;
  fields: DiffFields;
  restoring: boolean;
  onRestore: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const diff = diffRevisions(revision.fields, current, fields);
  const names = fields.map((f) => f.label.toLowerCase());
  const same = `The ${names.slice(0, -1).join(', ')} and ${names.at(-1)} are the same as the current version.`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId}>Revision of {format(new Date(revision.at), 'PPpp')} → current version</DialogTitle>
      <DialogContent dividers data-testid="revision-diff">
        {diff.length === 0 && <Typography>{same}</Typography>}
        {diff.map((d) => (
          <Box key={d.field} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3">{d.label}</Typography>
            <Box sx={{ whiteSpace: 'pre-wrap', fontSize: 14, lineHeight: 1.6, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
              {d.parts.map((p, i) => <Part key={i} part={p} />)}
            </Box>
          </Box>
        ))}
        <Typography variant="caption" color="text.secondary">Struck-through text is only in the revision; underlined text is only in the current version.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">Close</Button>
        <Button variant="contained" onClick={onRestore} disabled={restoring}>Restore this revision</Button>
      </DialogActions>
    </Dialog>
  );
}

function Part({ part }: { part: DiffPart }) {
  if (part.kind === 'removed') return <Box component="del" sx={{ bgcolor: 'rgba(244, 67, 54, 0.25)' }}>{part.text}</Box>;
  if (part.kind === 'added') return <Box component="ins" sx={{ bgcolor: 'rgba(76, 175, 80, 0.25)' }}>{part.text}</Box>;
  return <span>{part.text}</span>;
}
