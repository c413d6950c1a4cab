import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useCreatePath, useDelete, useNotify, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { errorMessage } from './errors.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useAccess } from './access.js';

export interface RecordMenuProps {
  /** What the record is called in labels and the confirmation ('Actions for {name}', 'Are you sure you want to delete "{name}"?'). */
  name: (record: RaRecord) => string;
  /** docs/spec.md §2/§8 words: the confirmation title and the toasts. */
  deleteTitle: string;
  deleted: string;
  deleteFailed: (message: string) => string;
  /** Menu items before Delete; Edit (to the record's edit dialog route) when not given. */
  items?: (close: () => void) => ReactNode;
}

/**
 * A record's actions menu (docs/spec.md §2: Edit, Delete) with SPEC's delete confirmation ('Deleting...' while the call
 * runs). Edit links to the record's route (`/admin/{resource}/{id}`), which opens the edit dialog over the list and
 * keeps the list's page, sort and filters in the address.
 */
/** Only for those who may change the resource (common/roles.ts): an editor reads companies and discounts. */
export function RecordMenu(props: RecordMenuProps) {
  const resource = useResourceContext();
  return useAccess(resource ?? '') === 'write' ? <WritableRecordMenu {...props} /> : null;
}

function WritableRecordMenu({ name, deleteTitle, deleted, deleteFailed, items }: RecordMenuProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const { search } = useLocation();
  const notify = useNotify();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The resource at hook level keys the mutation by it, which the stats and public-list refreshes listen for.
  const [remove, { isPending }] = useDelete(resource);
  if (!record || !resource) return null;
  const label = name(record);
  const close = () => setAnchor(null);

  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify(deleted, { type: 'success' });
        },
        onError: (e) => {
          setConfirming(false);
          notify(deleteFailed(errorMessage(e)), { type: 'error' });
        },
      },
    );

  return (
    <>
      <IconButton
        aria-label={`Actions for ${label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} onClick={(e) => e.stopPropagation()}>
        {items ? (
          items(close)
        ) : (
          <MenuItem component={Link} to={{ pathname: createPath({ resource, type: 'edit', id: record.id }), search }} onClick={close}>
            Edit
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            setConfirming(true);
          }}
          sx={{ color: 'error.main' }}
        >
          Delete
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={deleteTitle}
        content={`Are you sure you want to delete "${label}"? This action cannot be undone.`}
        pending={isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
