import { Button, Menu, MenuItem } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  BulkActionsToolbar, Confirm, useDataProvider, useListContext, useNotify, useRefresh, useResourceContext, useStore, type Identifier,
} from 'react-admin';
import { bulkConfirmTitle, bulkDoneMessage, pluralOf, selectionLabel, type BulkRequest } from '../../../../common/bulk.js';
import type { ProofDataProvider } from '../dataProvider.js';
import { DownloadIcon } from './icons.js';
import { errorMessage } from './errors.js';

/**
 * "Select all" that means every record matching the list's filter (issue #18), not the 250 react-admin's own
 * SelectAllButton fetches into the browser. The choice is kept in react-admin's store as the filter it was made for
 * and the page's ticked ids at that moment: changing the filter or any tick ends it by itself.
 */
interface MatchingChoice {
  filter: string;
  ticked: string;
}

const key = (ids: readonly Identifier[]) => JSON.stringify([...ids].map(String).sort());

export interface MatchingSelection {
  /** Every record of the filter is chosen (not only the ticked rows). */
  allMatching: boolean;
  /** How many records a bulk action would touch. */
  count: number;
  /** What a bulk request sends: the filter, or the ticked ids. */
  scope: Pick<BulkRequest, 'ids' | 'filter'>;
  chooseAllMatching: () => void;
  forget: () => void;
}

export function useMatchingSelection(): MatchingSelection {
  const resource = useResourceContext();
  const { filterValues = {}, selectedIds = [], total = 0 } = useListContext();
  const [choice, setChoice] = useStore<MatchingChoice | null>(`${resource}.selectAllMatching`, null);
  const filter = JSON.stringify(filterValues);
  const allMatching = !!choice && selectedIds.length > 0 && choice.filter === filter && choice.ticked === key(selectedIds);
  return {
    allMatching,
    count: allMatching ? total : selectedIds.length,
    scope: allMatching ? { filter: filterValues as Record<string, unknown> } : { ids: selectedIds.map(Number) },
    chooseAllMatching: () => setChoice({ filter, ticked: key(selectedIds) }),
    forget: () => setChoice(null),
  };
}

/** Shown once the whole page is ticked and the filter holds more: "Select all 1,200 posts". */
export function SelectAllMatchingButton({ noun }: { noun: string }) {
  const { data = [], selectedIds = [], total = 0 } = useListContext();
  const { allMatching, chooseAllMatching } = useMatchingSelection();
  const pageTicked = data.length > 0 && data.every((r) => selectedIds.includes(r.id));
  if (allMatching || !pageTicked || total <= selectedIds.length) return null;
  return (
    <Button size="small" onClick={chooseAllMatching} data-testid="select-all-matching">
      Select all {total.toLocaleString('en-US')} {pluralOf(noun)}
    </Button>
  );
}

/** react-admin's bulk toolbar, counting what is really chosen ("All 1,200 posts matching the filter selected"). */
export function MatchingBulkToolbar({ noun, children }: { noun: string; children: ReactNode }) {
  const { allMatching, count } = useMatchingSelection();
  return (
    <BulkActionsToolbar label={selectionLabel(count, noun, allMatching)} selectAllButton={<SelectAllMatchingButton noun={noun} />}>
      {children}
    </BulkActionsToolbar>
  );
}

export interface ServerBulkButtonProps {
  action: string;
  label: string;
  noun: string;
  /** The confirmation's text under its title; the title names the count ("Publish 1,200 posts?"). */
  content: string;
  color?: 'primary' | 'error';
}

/** Sends one bulk action for what is chosen, then tells the admin how many changed and refreshes the list. */
function useServerBulk(noun: string) {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<ProofDataProvider>();
  const { onUnselectItems } = useListContext();
  const { count, scope, forget } = useMatchingSelection();
  const notify = useNotify();
  const refresh = useRefresh();
  // Keyed by resource like react-admin's own mutations, so admin/query-sync.ts refreshes the public lists after it.
  const mutation = useMutation({
    mutationKey: [resource, 'bulk'],
    mutationFn: (action: string) => dataProvider.bulk(resource, { action, ...scope }),
    onSuccess: ({ data }) => {
      notify(bulkDoneMessage(data.action, data.count, noun), { type: 'success' });
      forget();
      onUnselectItems();
      refresh();
    },
    onError: (e) => notify(`Failed to update ${pluralOf(noun)}: ${errorMessage(e)}`, { type: 'error' }),
  });
  return { count, run: mutation.mutate, isPending: mutation.isPending };
}

/**
 * One bulk action applied by the server in one request (`POST /_api/admin/{resource}/bulk`) to the ticked rows or,
 * after "Select all", to every record of the filter — after a confirmation that names how many.
 */
export function ServerBulkButton({ action, label, noun, content, color = 'primary' }: ServerBulkButtonProps) {
  const { count, run, isPending } = useServerBulk(noun);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" color={color} onClick={() => setOpen(true)} data-testid={`bulk-${action}`}>{label}</Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={bulkConfirmTitle(action, count, noun)}
        content={content}
        confirm={label}
        confirmColor={color === 'error' ? 'warning' : 'primary'}
        onConfirm={() => run(action, { onSettled: () => setOpen(false) })}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export interface ServerBulkMenuButtonProps {
  label: string;
  noun: string;
  /** The actions offered, each with its menu text. */
  choices: ReadonlyArray<{ action: string; name: string }>;
  content: (name: string) => string;
}

/** Several bulk actions of one kind behind one button (a status to set), each confirmed with the count. */
export function ServerBulkMenuButton({ label, noun, choices, content }: ServerBulkMenuButtonProps) {
  const { count, run, isPending } = useServerBulk(noun);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState<{ action: string; name: string } | null>(null);
  return (
    <>
      <Button size="small" aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {choices.map((choice) => (
          <MenuItem key={choice.action} onClick={() => { setAnchor(null); setChosen(choice); }}>{choice.name}</MenuItem>
        ))}
      </Menu>
      <Confirm
        isOpen={!!chosen}
        loading={isPending}
        title={chosen ? bulkConfirmTitle(chosen.action, count, noun) : ''}
        content={chosen ? content(chosen.name) : ''}
        confirm="Update"
        onConfirm={() => chosen && run(chosen.action, { onSettled: () => setChosen(null) })}
        onClose={() => setChosen(null)}
      />
    </>
  );
}

/**
 * The list's Export: every record of the current filter, streamed by the server as CSV (issue #18) — react-admin's
 * own ExportButton fetches at most 1,000 rows into the browser.
 */
export function ServerExportButton({ path }: { path: string }) {
  const { filterValues, total } = useListContext();
  const href = `${path}?filter=${encodeURIComponent(JSON.stringify(filterValues ?? {}))}`;
  return (
    <Button component="a" href={href} download size="small" startIcon={<DownloadIcon />} disabled={!total} data-testid="export-all">
      Export {total ?? 0}
    </Button>
  );
}

/** CSV of what is chosen, streamed by the server: the ticked ids, or every record of the filter. */
export function ServerBulkExportButton({ path }: { path: string }) {
  const { scope } = useMatchingSelection();
  const filter = scope.filter ?? { id: scope.ids };
  return (
    <Button component="a" size="small" href={`${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`} download startIcon={<DownloadIcon />}>
      Export
    </Button>
  );
}

/**
 * Bulk buttons that act in the browser on the ticked rows only (react-admin's export, a check per code): hidden while
 * "Select all" chose the whole filter, so no button says more than it does.
 */
export function TickedOnly({ children }: { children: ReactNode }) {
  const { allMatching } = useMatchingSelection();
  return allMatching ? null : <>{children}</>;
}
