import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { Confirm, useListContext, useNotify, useResourceContext, useUpdateMany } from 'react-admin';
import { errorMessage } from './errors.js';

export interface BulkStatusButtonProps {
  /** The statuses to offer, with their labels. */
  choices: ReadonlyArray<{ id: string; name: string }>;
  /** What the selected rows are called: 'discount' → '3 discounts'. */
  noun: string;
  label?: string;
}

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Sets one status on every selected row, after one confirmation (react-admin's `<Confirm>`). ra-data-simple-rest's
 * updateMany sends one `PUT /:id {status}` per row, which the server accepts as a partial update.
 */
export function BulkStatusButton({ choices, noun, label = 'Set status' }: BulkStatusButtonProps) {
  const resource = useResourceContext();
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [updateMany, { isPending }] = useUpdateMany(resource);
  const count = selectedIds.length;

  const confirm = () => {
    if (!chosen) return;
    updateMany(
      resource,
      { ids: selectedIds, data: { status: chosen.id } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${plural(count, noun)} set to ${chosen.name}.`, { type: 'success' });
          setChosen(null);
          onUnselectItems();
        },
        onError: (e) => {
          notify(`Failed to update ${noun}s: ${errorMessage(e)}`, { type: 'error' });
          setChosen(null);
        },
      },
    );
  };

  return (
    <>
      <Button size="small" aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {choices.map((choice) => (
          <MenuItem
            key={choice.id}
            onClick={() => {
              setAnchor(null);
              setChosen(choice);
            }}
          >
            {choice.name}
          </MenuItem>
        ))}
      </Menu>
      <Confirm
        isOpen={!!chosen}
        loading={isPending}
        title={`Set ${plural(count, noun)} to ${chosen?.name ?? ''}?`}
        content={`The status of the ${plural(count, noun)} you selected becomes ${chosen?.name ?? ''}.`}
        confirm="Update"
        onConfirm={confirm}
        onClose={() => setChosen(null)}
      />
    </>
  );
}
