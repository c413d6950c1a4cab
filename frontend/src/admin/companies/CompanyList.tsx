import { Alert, Box, Card, CardContent, Checkbox, Skeleton, Typography } from '@mui/material';
import { useAccess } from '../components/access.js';
import {
  CreateButton,
  Pagination,
  RecordContextProvider,
  SearchInput,
  TopToolbar,
  useCreatePath,
  useListContext, SortButton
} from 'react-admin';
import { List } from '../components/live-list.js';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { MSG } from '../../../../common/messages.js';
import { coverHeader } from '../components/CompactList.js';
import { PageHeader } from '../components/PageHeader.js';
import { MatchingBulkToolbar, ServerBulkButton, ServerBulkExportButton, ServerExportButton } from '../components/ServerBulk.js';
import { CompanyCard } from './CompanyCard.js';
import { CompanyCreate, CompanyEdit } from './CompanyDialog.js';

const SKELETON_CARDS = 3; // docs/spec.md §9
const gridSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } } as const;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search companies" />];

const EXPORT_PATH = '/_api/admin/companies/export.csv';

const actions = (
  <TopToolbar>
    <SortButton fields={['featured', 'name', 'rating', 'createdAt']} />
    <ServerExportButton path={EXPORT_PATH} />
  </TopToolbar>
);

/**
 * Applied by the server in one request to the ticked companies or, after "Select all N companies", to every company
 * of the filter (issue #18); the delete asks first, naming the count.
 */
const bulkActions = (
  <>
    <ServerBulkExportButton path={EXPORT_PATH} />
    <ServerBulkButton action="delete" label="Delete" noun="company" color="error"
      content="This action cannot be undone. If any of them still has discounts, none is deleted." />
  </>
);

function SkeletonCards() {
  return (
    <Box sx={gridSx} aria-busy="true" aria-label="Loading companies">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <Card key={i} data-testid="company-skeleton">
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <Skeleton variant="rounded" width={56} height={56} />
              <Skeleton variant="text" width="60%" height={32} />
            </Box>
            <Skeleton variant="text" />
            <Skeleton variant="text" width="80%" />
            <Skeleton variant="rounded" height={64} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The iterator: one card per company of the page, in the list's context (selection, bulk actions). */
function CompanyGrid() {
  const { data, isPending, selectedIds, onSelect, total } = useListContext();
  if (isPending) return <SkeletonCards />;
  if (!data?.length) return <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>No companies found.</Typography>;
  const pageIds = data.map((c) => c.id);
  const allSelected = pageIds.every((id) => selectedIds.includes(id));
  return (
    <>
      {/* Covers the grid's own header row (react-admin lifts it over the list toolbar by default). */}
      <Box sx={coverHeader(64)}>
        <MatchingBulkToolbar noun="company">{bulkActions}</MatchingBulkToolbar>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 64, mb: 1 }}>
        <Checkbox
          checked={allSelected}
          indeterminate={!allSelected && selectedIds.length > 0}
          onChange={() => onSelect(allSelected ? [] : pageIds)}
          slotProps={{ input: { 'aria-label': 'Select all on this page' } }}
        />
        <Typography color="text.secondary" variant="body2">{`${total?.toLocaleString('en-US')} companies`}</Typography>
      </Box>
      <Box sx={gridSx}>
        {data.map((company) => (
          <RecordContextProvider key={company.id} value={company}>
            <CompanyCard />
          </RecordContextProvider>
        ))}
      </Box>
    </>
  );
}

function ListError() {
  const { error } = useListContext();
  return <Alert severity="error">Error fetching companies: {error?.message || MSG.unknownError}</Alert>;
}

const empty = <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>No companies found. Add one to get started.</Typography>;

/**
 * /admin/companies (docs/spec.md §2): the firms as a card grid in a server-side `<List>` (search, sort — featured first by
 * default, as on the public site — and pages in the address). `/admin/companies/create` and `/admin/companies/{id}`
 * open SPEC's dialog over the grid.
 */
export function CompanyList() {
  const { '*': sub } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const listPath = useCreatePath()({ resource: 'companies', type: 'list' });
  const canWrite = useAccess('companies') === 'write';
  const close = () => navigate({ pathname: listPath, search });
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader
        title="Manage Companies"
        subtitle="Add, edit, or remove trader funding companies."
        actions={canWrite ? <CreateButton label="Add New Company" variant="contained" to={{ pathname: `${listPath}/create`, search }} /> : false}
      />
      <List
        resource="companies"
        title={false}
        filters={filters}
        actions={actions}
        sort={{ field: 'featured', order: 'DESC' }}
        perPage={12}
        queryOptions={{ retry: 1 }}
        component="div"
        pagination={<Pagination rowsPerPageOptions={[12, 24, 48]} />}
        error={<ListError />}
        empty={empty}
      >
        <CompanyGrid />
      </List>
      {sub === 'create' && <CompanyCreate onClose={close} />}
      {sub && /^\d+$/.test(sub) && <CompanyEdit id={Number(sub)} onClose={close} />}
    </Box>
  );
}
