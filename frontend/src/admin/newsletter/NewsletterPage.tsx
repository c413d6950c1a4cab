import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert, Box, Button, ButtonGroup, Card, CardContent, Chip, IconButton, InputAdornment, Menu, MenuItem, Paper, Skeleton,
  Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, TextField, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useEffect, useState, type MouseEvent } from 'react';
import { useGetList, useUpdate } from 'react-admin';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { NewsletterStatsDto, NewsletterSubscriberDto } from '../../../../common/api-types.js';
import { NEWSLETTER_ADMIN_PAGE_SIZE } from '../../../../common/constants.js';
import type { SubscriberStatus } from '../../../../common/enums.js';
import { ADMIN_NEWSLETTER as T, MSG } from '../../../../common/messages.js';
import { newsletterSourceLabel } from '../../../../common/newsletter.js';
import { pageCount } from '../../../../common/pagination.js';
import { apiFetch } from '../../lib/api.js';
import { DeleteSubscriberDialog } from './DeleteSubscriberDialog.js';
import { SubscriberPagination } from './SubscriberPagination.js';

const RESOURCE = 'newsletter-subscribers';
const STATS_KEY = ['newsletter-subscribers', 'stats'] as const;
const SEARCH_DEBOUNCE_MS = 300;

type SortField = 'email' | 'subscribedAt' | 'status';
type StatusFilter = 'all' | SubscriberStatus;
const FILTERS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: T.filterAll },
  { value: 'subscribed', label: T.filterSubscribed },
  { value: 'unsubscribed', label: T.filterUnsubscribed },
];
const COLUMNS: Array<{ field: SortField; label: string }> = [
  { field: 'email', label: T.columnEmail },
  { field: 'subscribedAt', label: T.columnSubscribedAt },
  { field: 'status', label: T.columnStatus },
];

/** The CSV download link: the server streams it with Content-Disposition (SPEC §9's file name). */
function exportHref(q: string, status: StatusFilter): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status !== 'all') params.set('status', status);
  const query = params.toString();
  return `/_api/admin/newsletter-subscribers/export.csv${query ? `?${query}` : ''}`;
}

/**
 * /admin/newsletter (SPEC §2): stat cards, search + status filter, a sortable table paged in SQL
 * (20 rows, newest first, SPEC §9), CSV export of the filtered list, and per-row status/delete.
 */
export function NewsletterPage() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<{ field: SortField; order: 'ASC' | 'DESC' }>({ field: 'subscribedAt', order: 'DESC' });
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  // One menu and one dialog for the page: a row may leave the table (deleted, filtered out) while they close.
  const [menu, setMenu] = useState<{ anchor: HTMLElement; subscriber: NewsletterSubscriberDto } | null>(null);
  const [toDelete, setToDelete] = useState<NewsletterSubscriberDto | null>(null);
  const [update, { isPending: updating, variables: updatingVars }] = useUpdate<NewsletterSubscriberDto>();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const filter = { ...(q && { q }), ...(status !== 'all' && { status }) };
  const { data, total, isPending, error } = useGetList<NewsletterSubscriberDto>(RESOURCE, {
    pagination: { page, perPage: NEWSLETTER_ADMIN_PAGE_SIZE },
    sort,
    filter,
  }, { placeholderData: (previous) => previous });
  const stats = useQuery({
    queryKey: STATS_KEY,
    queryFn: () => apiFetch<NewsletterStatsDto>('/_api/admin/newsletter-subscribers/stats'),
  });

  const totalPages = pageCount(total ?? 0, NEWSLETTER_ADMIN_PAGE_SIZE);
  // A page emptied by a delete or a status change steps back to the last page that exists.
  useEffect(() => {
    if (total !== undefined && page > Math.max(1, totalPages)) setPage(Math.max(1, totalPages));
  }, [total, totalPages, page]);

  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      queryClient.invalidateQueries({ queryKey: [RESOURCE] }),
    ]);

  const changeStatus = (subscriber: NewsletterSubscriberDto) => {
    setMenu(null);
    const next: SubscriberStatus = subscriber.status === 'subscribed' ? 'unsubscribed' : 'subscribed';
    update(
      RESOURCE,
      { id: subscriber.id, data: { status: next }, previousData: subscriber },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast.success(T.updated(subscriber.email, next));
          void refreshAll();
        },
        onError: (e) => toast.error(T.updateFailed((e as Error)?.message || MSG.unknownError)),
      },
    );
  };

  const onSort = (field: SortField) => {
    setSort((s) => ({ field, order: s.field === field && s.order === 'ASC' ? 'DESC' : 'ASC' }));
    setPage(1);
  };
  const onFilter = (value: StatusFilter) => {
    setStatus(value);
    setPage(1);
  };
  const onExport = (event: MouseEvent) => {
    if (!total) {
      event.preventDefault();
      console.warn(T.exportEmpty);
    }
  };

  const noSubscribers = stats.data?.total === 0;
  const first = (page - 1) * NEWSLETTER_ADMIN_PAGE_SIZE + 1;

  return (
    // SPEC's words as written ('Export CSV', not MUI's upper case).
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200, '& .MuiButton-root': { textTransform: 'none' } }}>
      <Button component={Link} to="/admin" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>{T.backToDashboard}</Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">{T.title}</Typography>
          <Typography color="text.secondary">{T.subtitle}</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          component="a"
          href={exportHref(q, status)}
          download
          disabled={noSubscribers}
          onClick={onExport}
        >
          {T.exportCsv}
        </Button>
      </Box>

      <Box component="section" aria-label="Subscriber statistics" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 3 }}>
        <StatCard label={T.statTotal} value={stats.data && T.count(stats.data.total)} testId="stat-total" />
        <StatCard label={T.statNew} value={stats.data && `+${T.count(stats.data.newLast7Days)}`} testId="stat-new" />
        <StatCard label={T.statActive} value={stats.data && `${T.count(stats.data.active)}/${T.count(stats.data.unsubscribed)}`} testId="stat-active" />
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          type="search"
          size="small"
          placeholder={T.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
          slotProps={{
            htmlInput: { 'aria-label': T.searchPlaceholder },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
        <ButtonGroup role="group" aria-label="Filter by status">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              variant={status === f.value ? 'contained' : 'outlined'}
              aria-pressed={status === f.value}
              onClick={() => onFilter(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </ButtonGroup>
      </Box>

      {error ? (
        <Alert severity="error">{T.error(error.message || MSG.unknownError)}</Alert>
      ) : (
        // On a phone the table scrolls sideways inside its card; `contain` keeps its width out of the page's.
        <TableContainer component={Paper} sx={{ contain: 'inline-size' }}>
          <Table size="small" aria-label={T.title} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c.field} sortDirection={sort.field === c.field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                    <TableSortLabel
                      active={sort.field === c.field}
                      direction={sort.field === c.field && sort.order === 'ASC' ? 'asc' : 'desc'}
                      onClick={() => onSort(c.field)}
                    >
                      {c.label}
                    </TableSortLabel>
                  </TableCell>
                ))}
                <TableCell>{T.columnSource}</TableCell>
                {/* relative: the hidden label stays inside the scrolling table instead of widening the page */}
                <TableCell align="right" sx={{ position: 'relative' }}><span className="visually-hidden">{T.columnActions}</span></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isPending ? (
                Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={i}>
                    {Array.from({ length: 5 }, (__, j) => <TableCell key={j}><Skeleton /></TableCell>)}
                  </TableRow>
                ))
              ) : data && data.length > 0 ? (
                data.map((s) => (
                  <SubscriberRow
                    key={s.id}
                    subscriber={s}
                    busy={updating && updatingVars?.id === s.id}
                    onActions={(anchor, subscriber) => setMenu({ anchor, subscriber })}
                  />
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={5} align="center" sx={{ py: 4 }}>{T.empty}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {!error && total !== undefined && total > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
          <Typography color="text.secondary" variant="body2">
            {T.showing(first, Math.min(first + NEWSLETTER_ADMIN_PAGE_SIZE - 1, total), total)}
          </Typography>
          <SubscriberPagination page={page} totalPages={totalPages} onPage={setPage} />
        </Box>
      )}

      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menu && (
          <MenuItem onClick={() => changeStatus(menu.subscriber)}>
            {menu.subscriber.status === 'subscribed' ? T.markUnsubscribed : T.markSubscribed}
          </MenuItem>
        )}
        {menu && (
          <MenuItem
            onClick={() => {
              setToDelete(menu.subscriber);
              setMenu(null);
            }}
            sx={{ color: 'error.main' }}
          >
            {T.delete}
          </MenuItem>
        )}
      </Menu>
      {toDelete && (
        <DeleteSubscriberDialog subscriber={toDelete} onClose={() => setToDelete(null)} onDeleted={refreshAll} />
      )}
    </Box>
  );
}

function StatCard({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Card>
      <CardContent>
        <Typography color="text.secondary" variant="body2" component="h2">{label}</Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value ?? <Skeleton width={80} />}
        </Typography>
      </CardContent>
    </Card>
  );
}

function SubscriberRow({ subscriber, busy, onActions }: {
  subscriber: NewsletterSubscriberDto;
  busy: boolean;
  onActions: (anchor: HTMLElement, subscriber: NewsletterSubscriberDto) => void;
}) {
  return (
    <TableRow hover data-testid="subscriber-row">
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{subscriber.email}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={subscriber.subscribedAt}>{format(new Date(subscriber.subscribedAt), 'MMM d, yyyy')}</time>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={T.statusLabel[subscriber.status]}
          color={subscriber.status === 'subscribed' ? 'success' : 'default'}
          variant={subscriber.status === 'subscribed' ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell>{newsletterSourceLabel(subscriber.source)}</TableCell>
      <TableCell align="right">
        <IconButton aria-label={T.actionsFor(subscriber.email)} aria-haspopup="menu" onClick={(e) => onActions(e.currentTarget, subscriber)} disabled={busy}>
          <MoreVertIcon />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
