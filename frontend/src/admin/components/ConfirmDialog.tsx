import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  content: string;
  /** Runs the action; the dialog stays open (buttons disabled, `pendingLabel` shown) until the caller closes it. */
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  confirmLabel?: string;
  pendingLabel?: string;
}

/** docs/spec.md §2's delete confirmations ('Delete Company', Cancel / Delete, 'Deleting...' while pending). */
export function ConfirmDialog({ open, title, content, onConfirm, onClose, pending = false, confirmLabel = 'Delete', pendingLabel = 'Deleting...' }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{content}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>Cancel</Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={pending}>{pending ? pendingLabel : confirmLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
