import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreate, useDelete, useGetList, useUpdate } from 'react-admin';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { AdminDiscountDto } from '../../../../common/api-types.js';
import { expiryLabel } from '../../../../common/discount-rules.js';
import { MSG, TOAST } from '../../../../common/messages.js';
import { DiscountFormDialog } from './DiscountFormDialog.js';
import { STATUS_COLORS, STATUS_LABELS, type DiscountPayload } from './discount-form.js';

const SKELETON_ROWS = 4; // SPEC §9
const PAGE_SIZES = [10, 25, 50];

type SortField = 'id' | 'validUntil';
type Sort = { field: SortField; order: 'ASC' | 'DESC' };

const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : MSG.unknownError);

/** A thumbnail, or the placeholder when there is none or it fails to load (SPEC §2: a broken image is hidden). */
function MediaThumb({ url }: { url: string | null }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 64, height: 44, borderRadius: 1, overflow: 'hidden', display: 'grid', placeItems: 'center', bgcolor: 'action.hover' };
  if (!url || broken) {
    return (
      <Box sx={box} data-testid="media-placeholder" aria-label="No image" role="img">
        <ImageIcon fontSize="small" sx={{ color: 'text.disabled' }} />
      </Box>
    );
  }
  return (
    <Box sx={box}>
      <img src={url} alt="" loading="lazy" onError={() => setBroken(true)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </Box>
  );
}

/** SPEC §4: active success, coming_soon warning, expired destructive. */
function StatusBadge({ status }: { status: AdminDiscountDto['status'] }) {
  return <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} variant="outlined" />;
}

function RowActions({ discount, onEdit, onDelete }: { discount: AdminDiscountDto; onEdit: () => void; onDelete: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label={`Actions for ${discount.title}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => { setAnchor(null); onEdit(); }}>Edit</MenuItem>
        <MenuItem onClick={() => { setAnchor(null); onDelete(); }} sx={{ color: 'error.main' }}>Delete</MenuItem>
      </Menu>
    </>
  );
}

/** /admin/discounts (SPEC §2): the discount table with create, edit and delete. */
export function DiscountsAdminPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [sort, setSort] = useState<Sort>({ field: 'id', order: 'DESC' });
  const { data, total, isPending, error } = useGetList<AdminDiscountDto>('discounts', {
    pagination: { page: page + 1, perPage },
    sort,
  });

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminDiscountDto | null>(null);
  const [deleting, setDeleting] = useState<AdminDiscountDto | null>(null);

  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();

  // SPEC §4: the lists are refreshed after every successful mutation (the public list too).
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['discounts'] });

  const now = new Date();

  function submit(payload: DiscountPayload) {
    const done = () => {
      setFormOpen(false);
      setEditing(null);
      void refresh();
    };
    if (editing) {
      update(
        'discounts',
        { id: editing.id, data: payload, previousData: editing },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => { toast.success(TOAST.discountUpdated); done(); },
          onError: (e) => toast.error(TOAST.failed('update discount', errorMessage(e))),
        },
      );
    } else {
      create(
        'discounts',
        { data: payload },
        {
          onSuccess: () => { toast.success(TOAST.discountCreated); done(); },
          onError: (e) => toast.error(TOAST.failed('create discount', errorMessage(e))),
        },
      );
    }
  }

  function confirmDelete() {
    if (!deleting) return;
    remove(
      'discounts',
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast.success(TOAST.discountDeleted);
          setDeleting(null);
          void refresh();
        },
        onError: (e) => toast.error(TOAST.failed('delete discount', errorMessage(e))),
      },
    );
  }

  function toggleExpirySort() {
    setPage(0);
    setSort((s) => (s.field === 'validUntil' ? { field: 'validUntil', order: s.order === 'ASC' ? 'DESC' : 'ASC' } : { field: 'validUntil', order: 'ASC' }));
  }

  const rows = data ?? [];

  return (
    // On a phone the page is the viewport's width and the table scrolls sideways inside its card.
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: { xs: 'calc(100vw - 16px)', sm: 'calc(100vw - 32px)', md: 1200 }, boxSizing: 'border-box', minWidth: 0 }}>
      <Button component={Link} to="/admin" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 2 }}>
        Back to Dashboard
      </Button>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">Manage Discounts</Typography>
          <Typography color="text.secondary">Create, update, or delete discount offers.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          Add New Discount
        </Button>
      </Box>

      {error ? (
        <Alert severity="error">Error fetching discounts: {errorMessage(error)}</Alert>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label="Discounts" sx={tableSx}>
              <TableHead>
                <TableRow>
                  <TableCell>Discount</TableCell>
                  <TableCell sx={wide}>Company</TableCell>
                  <TableCell sx={wide}>Media</TableCell>
                  <TableCell sortDirection={sort.field === 'validUntil' ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                    <TableSortLabel
                      active={sort.field === 'validUntil'}
                      direction={sort.field === 'validUntil' && sort.order === 'DESC' ? 'desc' : 'asc'}
                      onClick={toggleExpirySort}
                    >
                      Expires
                    </TableSortLabel>
                  </TableCell>
                  <TableCell sx={wide}>Status</TableCell>
                  {/* relative: the hidden label must stay inside the scrolling table, not widen the page. */}
                  <TableCell align="right" sx={{ position: 'relative' }}><Box component="span" sx={visuallyHidden}>Actions</Box></TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {isPending ? (
                  Array.from({ length: SKELETON_ROWS }, (_, i) => (
                    <TableRow key={i} data-testid="discount-skeleton-row">
                      <TableCell><Skeleton width="70%" /><Skeleton width="35%" /></TableCell>
                      <TableCell sx={wide}><Skeleton width={100} /></TableCell>
                      <TableCell sx={wide}><Skeleton variant="rounded" width={64} height={44} /></TableCell>
                      <TableCell><Skeleton width={90} /></TableCell>
                      <TableCell sx={wide}><Skeleton variant="rounded" width={70} height={24} /></TableCell>
                      <TableCell />
                    </TableRow>
                  ))
                ) : rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6} align="center" sx={{ py: 6 }}>
                      <Typography color="text.secondary">No discounts found. Add one to get started.</Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((d) => (
                    <TableRow key={d.id} hover data-testid="discount-row" data-id={d.id}>
                      <TableCell>
                        <Typography sx={{ fontWeight: 600 }}>{d.title}</Typography>
                        {/* Phones: the company goes under the title (its column is hidden there). */}
                        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                          {d.company?.name}
                        </Typography>
                        {d.discountCode && (
                          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                            {d.discountCode}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={wide}>{d.company?.name}</TableCell>
                      <TableCell sx={wide}><MediaThumb url={d.mediaUrl} /></TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {expiryLabel(d.validUntil, now)}
                        {/* Phones: the status badge goes under the expiry (its column is hidden there). */}
                        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}><StatusBadge status={d.status} /></Box>
                      </TableCell>
                      <TableCell sx={wide}><StatusBadge status={d.status} /></TableCell>
                      <TableCell align="right">
                        <RowActions
                          discount={d}
                          onEdit={() => {
                            setEditing(d);
                            setFormOpen(true);
                          }}
                          onDelete={() => setDeleting(d)}
                        />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {!isPending && (total ?? 0) > 0 && (
            <TablePagination
              component="div"
              count={total ?? 0}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={PAGE_SIZES}
              // Phones: just the range and the arrows.
              sx={{ '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } } }}
              onPageChange={(_, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                setPage(0);
              }}
            />
          )}
        </Paper>
      )}

      <DiscountFormDialog
        open={formOpen}
        discount={editing}
        saving={creating || updating}
        onClose={() => {
          setFormOpen(false);
          setEditing(null);
        }}
        onSubmit={submit}
      />

      <Dialog open={deleting !== null} onClose={removing ? undefined : () => setDeleting(null)} aria-labelledby="delete-discount-title">
        <DialogTitle id="delete-discount-title">Delete Discount</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Are you sure you want to delete &quot;{deleting?.title}&quot;? This action cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} disabled={removing}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={removing}>
            {removing ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** Company, Media and Status columns from 600 px up; on phones the table keeps Discount, Expires (with the badge) and the menu. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
const tableSx = {
  minWidth: { xs: 0, sm: 720 },
  '& td, & th': { px: { xs: 1, sm: 2 } },
} as const;

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
