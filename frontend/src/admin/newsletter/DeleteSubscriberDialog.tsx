import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDelete } from 'react-admin';
import { toast } from 'sonner';
import type { NewsletterSubscriberDto } from '../../../../common/api-types.js';
import { ADMIN_NEWSLETTER as T, MSG } from '../../../../common/messages.js';

/** Confirms before a subscriber is deleted; 'Deleting...' while the call runs. */
export function DeleteSubscriberDialog({ subscriber, onClose, onDeleted }: {
  subscriber: NewsletterSubscriberDto;
  onClose: () => void;
  onDeleted: () => unknown;
}) {
  const [remove, { isPending }] = useDelete<NewsletterSubscriberDto>();
  const confirm = () =>
    remove(
      'newsletter-subscribers',
      { id: subscriber.id, previousData: subscriber },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast.success(T.deleted);
          onClose();
          onDeleted();
        },
        onError: (e) => toast.error(T.deleteFailed((e as Error)?.message || MSG.unknownError)),
      },
    );
  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby="delete-subscriber-title">
      <DialogTitle id="delete-subscriber-title">{T.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{T.deleteText(subscriber.email)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>{T.cancel}</Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={isPending}>
          {isPending ? T.deleting : T.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
