import { Alert, Button, Chip, Typography } from '@mui/material';
import { useAccess } from '../components/access.js';
import {
  AutocompleteInput,
  ColumnsButton,
  CreateButton,
  FilterButton,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCreatePath,
  useListContext,
  type InputProps,
} from 'react-admin';
import { List } from '../components/live-list.js';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { MSG } from '../../../../common/messages.js';
import { PageHeader } from '../components/PageHeader.js';
import { ServerExportButton } from '../components/ServerBulk.js';
import { DiscountCreate, DiscountEdit } from './DiscountDialog.js';
import { STATUS_CHOICES } from './discount-form.js';
import { DiscountTable } from './DiscountTable.js';

/** The demo's quick filter: a chip that, once added from 'Add filter', sets `expiringSoon: true`. */
const QuickFilter = ({ label }: InputProps & { label: string }) => <Chip sx={{ mb: 1 }} label={label} />;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search title or code" />,
  <ReferenceInput key="companyId" source="companyId" reference="companies" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Company" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
  <QuickFilter key="expiringSoon" source="expiringSoon" label="Expires within 7 days" defaultValue={true} />,
];

/**
 * 'Needs check' (issue #11) as a toggle beside the filters: it sets or clears `needsCheck` in the list's filter
 * (the address keeps it, and the dashboard's count links straight to it).
 */
function NeedsCheckToggle() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const on = filterValues.needsCheck === true;
  const toggle = () => {
    const { needsCheck: _n, ...rest } = filterValues as Record<string, unknown>;
    setFilters(on ? rest : { ...rest, needsCheck: true }, displayedFilters);
  };
  return (
    <Button size="small" variant={on ? 'contained' : 'text'} aria-pressed={on} onClick={toggle}>
      Needs check
    </Button>
  );
}

const actions = (
  <TopToolbar>
    <NeedsCheckToggle />
    <FilterButton />
    <ColumnsButton />
    <ServerExportButton path="/_api/admin/discounts/export.csv" />
  </TopToolbar>
);

function ListError() {
  const { error } = useListContext();
  return <Alert severity="error">Error fetching discounts: {error?.message || MSG.unknownError}</Alert>;
}

const empty = (
  <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>No discounts found. Add one to get started.</Typography>
);

/**
 * /admin/discounts (docs/spec.md §2): a server-side `<List>` (page, sort and filters in the address) around the discounts
 * table. `/admin/discounts/create` and `/admin/discounts/{id}` open SPEC's form dialog over the list, the way the
 * demo opens its review editor over the reviews list, so Back closes it and a link to it can be shared.
 */
export function DiscountList() {
  const { '*': sub } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const listPath = useCreatePath()({ resource: 'discounts', type: 'list' });
  const canWrite = useAccess('discounts') === 'write';
  const close = () => navigate({ pathname: listPath, search });
  return (
    <>
      <PageHeader
        title="Manage Discounts"
        subtitle="Create, update, or delete discount offers."
        actions={canWrite ? <CreateButton label="Add New Discount" variant="contained" to={{ pathname: `${listPath}/create`, search }} /> : false}
      />
      <List
        resource="discounts"
        title={false}
        filters={filters}
        actions={actions}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        error={<ListError />}
        empty={empty}
        sx={{ '& .RaList-content': { minWidth: 0 } }}
      >
        <DiscountTable />
      </List>
      {sub === 'create' && <DiscountCreate onClose={close} />}
      {sub && sub !== 'create' && /^\d+$/.test(sub) && <DiscountEdit id={Number(sub)} onClose={close} />}
    </>
  );
}
