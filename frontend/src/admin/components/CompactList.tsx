import { Box, Checkbox, List, ListItem, ListItemText, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { BulkActionsToolbar, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';

/** Puts react-admin's bulk toolbar over a list's own header row of this height, instead of above the list. */
export const coverHeader = (height: number) => ({
  // Doubled classes: this rule must outrank the toolbar's own (inserted later, same specificity otherwise).
  '& .RaBulkActionsToolbar-toolbar.MuiToolbar-root': { transform: 'none' },
  '& .RaBulkActionsToolbar-toolbar.MuiToolbar-root:not(.RaBulkActionsToolbar-collapsed)': { minHeight: height, height: 'auto' },
  // On a phone the count and four bulk buttons wrap onto a second line rather than scroll sideways in the toolbar.
  '& .RaBulkActionsToolbar-toolbar, & .RaBulkActionsToolbar-topToolbar': { flexWrap: 'wrap', overflowX: 'visible', minWidth: 0 },
  // The chosen count ("All 1,200 companies matching the filter selected") wraps too: react-admin's title never shrinks.
  '& .RaBulkActionsToolbar-toolbar .RaBulkActionsToolbar-title': { flex: '0 1 auto', minWidth: 0 },
});

export interface CompactListProps {
  primary: (record: RaRecord) => ReactNode;
  secondary: (record: RaRecord) => ReactNode;
  /** What a row is called for its checkbox ('Select {name}'). */
  name: (record: RaRecord) => string;
  /** The row's own actions (its menu), at the right. */
  actions: ReactNode;
  bulkActionButtons: ReactNode;
  /** Sorting for phones, where there are no column headers (react-admin's `<SortButton>`). */
  sort?: ReactNode;
  rowTestId: string;
  /** How many icon buttons `actions` holds: the row's text stops before them (never under them). */
  actionCount?: number;
}

/**
 * The phone layout of a list (react-admin's SimpleList pattern, with selection): one block per record, its
 * checkbox, text that wraps inside the screen and its menu; the bulk actions toolbar covers the header row
 * while rows are selected, as it covers a DataTable's header. The caller renders it inside a `<List>`.
 */
export function CompactList({ primary, secondary, name, actions, bulkActionButtons, sort, rowTestId, actionCount = 1 }: CompactListProps) {
  const { data = [], selectedIds, onToggleItem, onSelect } = useListContext();
  const pageIds = data.map((r) => r.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selectedIds.includes(id));
  return (
    // The bulk toolbar covers this list's own header row (react-admin lifts it over the list toolbar by default).
    <Paper variant="outlined" sx={{ minWidth: 0, ...coverHeader(56) }}>
      {/* No 'Select all' button: on a phone the count, Unselect and the bulk buttons just fit one line. */}
      <BulkActionsToolbar selectAllButton={false}>{bulkActionButtons}</BulkActionsToolbar>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1, minHeight: 56, borderBottom: 1, borderColor: 'divider' }}>
        <Checkbox
          checked={allSelected}
          indeterminate={!allSelected && selectedIds.length > 0}
          onChange={() => onSelect(allSelected ? [] : pageIds)}
          slotProps={{ input: { 'aria-label': 'Select all on this page' } }}
        />
        {sort}
      </Box>
      <List disablePadding>
        {data.map((record) => (
          <RecordContextProvider value={record} key={record.id}>
            <ListItem data-testid={rowTestId} divider secondaryAction={actions} sx={{ pl: 1, pr: 2 + 5 * actionCount, alignItems: 'flex-start' }}>
              <Checkbox
                checked={selectedIds.includes(record.id)}
                onChange={() => onToggleItem(record.id)}
                slotProps={{ input: { 'aria-label': `Select ${name(record)}` } }}
                sx={{ mt: 0.5 }}
              />
              <ListItemText
                primary={primary(record)}
                secondary={secondary(record)}
                sx={{ minWidth: 0, overflowWrap: 'break-word' }}
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    </Paper>
  );
}
