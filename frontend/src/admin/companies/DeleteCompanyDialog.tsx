import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** 'Delete Company' confirmation (SPEC §2). */
export function DeleteCompanyDialog({
  name,
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  name: string;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={deleting ? undefined : onCancel} aria-labelledby="delete-company-title" aria-describedby="delete-company-text">
      <DialogTitle id="delete-company-title">Delete Company</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-company-text">
          {`Are you sure you want to delete "${name}"? This action cannot be undone.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={deleting} color="inherit">Cancel</Button>
        <Button onClick={onConfirm} disabled={deleting} color="error" variant="contained">
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
