import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useCreate, useDelete, useGetList, useUpdate } from 'react-admin';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { CompanyDto } from '../../../../common/api-types.js';
import type { CompanyPayload } from '../../../../common/company-form.js';
import { MSG, TOAST } from '../../../../common/messages.js';
import { CompanyCard } from './CompanyCard.js';
import { CompanyFormDialog } from './CompanyFormDialog.js';
import { DeleteCompanyDialog } from './DeleteCompanyDialog.js';

const SKELETON_CARDS = 3;
const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : MSG.unknownError);

const gridSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } } as const;

/** /admin/companies (SPEC §2): the firms as cards, with create/edit in a dialog and a delete confirmation. */
export function CompaniesPage() {
  const { data, isPending, error, refetch } = useGetList<CompanyDto>(
    'companies',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    // One retry (as the session query does), so a failure shows in about a second rather than ~7 s.
    { retry: 1 },
  );
  const [create, { isPending: creating }] = useCreate<CompanyDto>();
  const [update, { isPending: updating }] = useUpdate<CompanyDto>();
  const [deleteOne, { isPending: deleting }] = useDelete<CompanyDto>();

  // The dialogs keep their company while they close, so their text does not change mid-animation.
  const [formOpen, setFormOpen] = useState(false);
  const [formCompany, setFormCompany] = useState<CompanyDto | null>(null); // null: create
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [toDelete, setToDelete] = useState<CompanyDto | null>(null);
  const openForm = (company: CompanyDto | null) => {
    setFormCompany(company);
    setFormOpen(true);
  };

  function save(payload: CompanyPayload) {
    const editing = formCompany;
    const done = () => {
      setFormOpen(false);
      // Marking one firm featured unmarks the others: reload the whole list, not just this card.
      void refetch();
    };
    if (editing) {
      update(
        'companies',
        { id: editing.id, data: payload, previousData: editing },
        {
          onSuccess: () => {
            toast.success(TOAST.companyUpdated);
            done();
          },
          onError: (e) => void toast.error(TOAST.failed('update company', errorMessage(e))),
        },
      );
    } else {
      create(
        'companies',
        { data: payload },
        {
          onSuccess: () => {
            toast.success(TOAST.companyCreated);
            done();
          },
          onError: (e) => void toast.error(TOAST.failed('create company', errorMessage(e))),
        },
      );
    }
  }

  function confirmDelete() {
    if (!toDelete || !deleteOpen) return;
    deleteOne(
      'companies',
      { id: toDelete.id, previousData: toDelete },
      {
        onSuccess: () => {
          toast.success(TOAST.companyDeleted);
          setDeleteOpen(false);
          void refetch();
        },
        onError: (e) => {
          toast.error(TOAST.failed('delete company', errorMessage(e)));
          setDeleteOpen(false);
        },
      },
    );
  }

  return (
    <Box component="section" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      <Button component={Link} to="/admin" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 2 }}>
        Back to Dashboard
      </Button>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexDirection: { xs: 'column', sm: 'row' }, mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">Manage Companies</Typography>
          <Typography color="text.secondary">Add, edit, or remove trader funding companies.</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)} sx={{ flexShrink: 0 }}>
          Add New Company
        </Button>
      </Box>

      {isPending ? (
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
      ) : error ? (
        <Alert severity="error">Error fetching companies: {errorMessage(error)}</Alert>
      ) : !data?.length ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>No companies found. Add one to get started.</Typography>
      ) : (
        <Box sx={gridSx}>
          {data.map((company) => (
            <CompanyCard
              key={company.id}
              company={company}
              onEdit={() => openForm(company)}
              onDelete={() => {
                setToDelete(company);
                setDeleteOpen(true);
              }}
            />
          ))}
        </Box>
      )}

      <CompanyFormDialog
        open={formOpen}
        company={formCompany}
        saving={creating || updating}
        onClose={() => setFormOpen(false)}
        onSubmit={save}
      />
      <DeleteCompanyDialog
        open={deleteOpen}
        name={toDelete?.name ?? ''}
        deleting={deleting}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
