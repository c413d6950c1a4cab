import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import type { toast } from 'sonner';
import { toaster } from '../../lib/toaster.js';

/**
 * react-admin's notification slot (`<Admin notification>`): every `useNotify` message leaves through the
 * site's sonner `<Toaster>` (frontend/src/lib/toaster.ts), so admin and public toasts look alike and share
 * docs/spec.md §9's rules (4000 ms, at most 3 visible) instead of MUI's one-at-a-time Snackbar.
 */
export function SonnerNotification() {
  const { notifications, resetNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    resetNotifications();
    for (const n of notifications) show(n);

    function show({ message, type, notificationOptions = {} }: NotificationPayload) {
      const { autoHideDuration, messageArgs, undoable } = notificationOptions;
      const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
      const options: Parameters<typeof toast>[1] = autoHideDuration === undefined ? {} : { duration: autoHideDuration ?? Infinity };
      if (undoable) {
        // An undoable mutation runs when its toast goes away, unless Undo was pressed first.
        let settled = false;
        const settle = (isUndo: boolean) => {
          if (settled) return;
          settled = true;
          takeMutation()?.({ isUndo });
        };
        Object.assign(options, {
          action: { label: translate('ra.action.undo'), onClick: () => settle(true) },
          onAutoClose: () => settle(false),
          onDismiss: () => settle(false),
        });
      }
      void toaster().then((toast) => {
        const show = type === 'success' ? toast.success : type === 'error' ? toast.error : type === 'warning' ? toast.warning : toast.info;
        show(text, options);
      });
    }
  }, [notifications, resetNotifications, takeMutation, translate]);

  return null;
}
