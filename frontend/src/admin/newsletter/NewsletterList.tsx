import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Paper, useMediaQuery } from '@mui/material';
import type { MouseEvent } from 'react';
import { ColumnsButton, FilterContext, FilterForm, ListBase, SearchInput, useListContext } from 'react-admin';
import { LiveListParams } from '../components/live-list.js';
import { NEWSLETTER_ADMIN_PAGE_SIZE } from '../../../../common/constants.js';
import { ADMIN_NEWSLETTER as T, MSG } from '../../../../common/messages.js';
import { coverHeader } from '../components/CompactList.js';
import { PageHeader } from '../components/PageHeader.js';
import { exportHref, ConfirmedFilterInput, StatusFilterInput } from './NewsletterInputs.js';
import { NewsletterStats, useNewsletterStats } from './NewsletterStats.js';
import { SubscriberPagination } from './SubscriberPagination.js';
import { SubscriberTable } from './SubscriberTable.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder={T.searchPlaceholder} slotProps={{ htmlInput: { 'aria-label': T.searchPlaceholder } }} />,
  <StatusFilterInput key="status" source="status" alwaysOn />,
  <ConfirmedFilterInput key="confirmed" source="confirmed" alwaysOn />,
];

/** 'Export CSV': the server streams the rows of the current search and status (docs/spec.md §9's file name). */
function ExportCsvButton({ noSubscribers }: { noSubscribers: boolean }) {
  const { filterValues, total } = useListContext();
  const onClick = (event: MouseEvent) => {
    // docs/spec.md §8: exporting nothing only logs a warning.
    if (!total) {
      event.preventDefault();
      console.warn(T.exportEmpty);
    }
  };
  return (
    <Button variant="contained" startIcon={<DownloadIcon />} component="a" href={exportHref(filterValues)} download disabled={noSubscribers} onClick={onClick}>
      {T.exportCsv}
    </Button>
  );
}

function NewsletterView() {
  const stats = useNewsletterStats();
  const { error } = useListContext();
  const compact = useMediaQuery('(max-width: 768px)');
  return (
    // SPEC's words as written ('Export CSV', not MUI's upper case).
    <Box sx={{ maxWidth: 1200, minWidth: 0, '& .MuiButton-root': { textTransform: 'none' } }}>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={<ExportCsvButton noSubscribers={stats.data?.total === 0} />} />
      <NewsletterStats stats={stats.data} />
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', md: 'nowrap' }, alignItems: 'flex-end', justifyContent: 'space-between', gap: 1 }}>
        <FilterContext.Provider value={filters}>
          <FilterForm />
        </FilterContext.Provider>
        {/* The column chooser serves the table; the phone list has no columns. */}
        {!compact && <ColumnsButton sx={{ mb: 1 }} />}
      </Box>
      {error ? (
        <Alert severity="error">{T.error(error.message || MSG.unknownError)}</Alert>
      ) : (
        // The bulk toolbar covers the table's header row (not the filters above it, as react-admin places it).
        <Paper variant="outlined" sx={{ minWidth: 0, ...coverHeader(48) }}>
          <SubscriberTable />
        </Paper>
      )}
      <SubscriberPagination />
    </Box>
  );
}

/**
 * /admin/newsletter (docs/spec.md §2): stat cards, search and status filter, a sortable table paged in SQL (20 rows, newest
 * first, docs/spec.md §9) with page, sort and filters in the address, selection with bulk status change, export and delete,
 * the streamed CSV export of the current filter, and per-row status change and delete.
 */
export function NewsletterList() {
  return (
    <ListBase resource="newsletter-subscribers" perPage={NEWSLETTER_ADMIN_PAGE_SIZE} sort={{ field: 'subscribedAt', order: 'DESC' }} debounce={300}>
      <LiveListParams><NewsletterView /></LiveListParams>
    </ListBase>
  );
}
