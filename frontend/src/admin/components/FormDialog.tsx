import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, useMediaQuery, type Theme } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Form, useCreatePath, useRecordContext, useResourceContext, useSaveContext } from 'react-admin';

export interface FormDialogProps {
  title: string;
  /** The submit button's words ('Create Discount', 'Update Company'); 'Saving...' replaces them while the save runs. */
  submitLabel: string;
  onClose: () => void;
  /** Edit dialogs wait for their record (the inputs need it as default values). */
  waitForRecord?: boolean;
  /** Holds the submit, e.g. while an image upload runs. */
  busy?: boolean;
  children: ReactNode;
}

/**
 * SPEC's create/edit dialogs as a react-admin `<Form>` inside a `<CreateBase>`/`<EditBase>` (the caller), the way
 * marmelab's examples put a base controller around a custom layout. On a phone the dialog takes the whole screen and
 * its Cancel/submit bar stays at the bottom, where the thumb is; the fields scroll above it.
 */
export function FormDialog({ title, submitLabel, onClose, waitForRecord = false, busy = false, children }: FormDialogProps) {
  const titleId = useId();
  const record = useRecordContext();
  const { saving } = useSaveContext();
  // The dialog lives over its list: closing it (Cancel, a save) goes back there without asking; leaving the
  // list for another screen with unsaved changes asks first (issue #20).
  const listPath = useCreatePath()({ resource: useResourceContext() ?? '', type: 'list' });
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      scroll="paper"
      aria-labelledby={titleId}
      // A flex column, so only the fields scroll and the Cancel/submit bar stays in view.
      sx={{ '& form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {waitForRecord && !record ? (
        <DialogContent dividers>
          <Stack spacing={2}>{[0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={48} />)}</Stack>
        </DialogContent>
      ) : (
        <Form mode="onBlur" reValidateMode="onBlur" noValidate disableInvalidFormNotification warnWhenUnsavedChanges formRootPathname={listPath}>
          <DialogContent dividers>
            <Stack spacing={2.5}>{children}</Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose} disabled={saving} color="inherit">Cancel</Button>
            <Button type="submit" variant="contained" disabled={saving || busy}>
              {saving ? 'Saving...' : submitLabel}
            </Button>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
