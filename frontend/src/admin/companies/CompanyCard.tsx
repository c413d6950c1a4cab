import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardActions, CardContent, Checkbox, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CompanyDto } from '../../../../common/api-types.js';
import { TOAST } from '../../../../common/messages.js';
import { RecordMenu } from '../components/RecordMenu.js';

const wrap = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

function Logo({ company }: { company: CompanyDto }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 56, height: 56, borderRadius: 2, flexShrink: 0, bgcolor: 'background.default' };
  if (company.logoUrl && !broken) {
    return <Box component="img" src={company.logoUrl} alt={`${company.name} logo`} onError={() => setBroken(true)} sx={{ ...box, objectFit: 'contain' }} />;
  }
  return (
    <Box aria-hidden data-testid="logo-placeholder" sx={{ ...box, display: 'grid', placeItems: 'center', color: 'primary.main', fontWeight: 700, fontSize: 22 }}>
      {company.name.slice(0, 1).toUpperCase()}
    </Box>
  );
}

/** One firm in the admin grid (docs/spec.md §2): logo or placeholder, name, description, why-choose block, website, menu; a checkbox for bulk actions. */
export function CompanyCard() {
  const company = useRecordContext<CompanyDto>();
  const { selectedIds, onToggleItem } = useListContext();
  if (!company) return null;
  const selected = selectedIds.includes(company.id);
  return (
    <Card component="article" data-testid="company-card" variant={selected ? 'outlined' : 'elevation'} sx={{ display: 'flex', flexDirection: 'column', height: '100%', borderColor: 'primary.main' }}>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
          <Checkbox checked={selected} onChange={() => onToggleItem(company.id)} slotProps={{ input: { 'aria-label': `Select ${company.name}` } }} sx={{ ml: -1.5, mt: 0.5 }} />
          <Logo company={company} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>{company.name}</Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              {company.featured && <Chip label="#1 CHOICE" color="primary" size="small" />}
              {company.rating != null && <Typography variant="body2" color="text.secondary">Rating: {company.rating.toFixed(1)} / 5</Typography>}
            </Box>
          </Box>
          <Box sx={{ mt: -0.5, mr: -1 }}>
            <RecordMenu
              name={(c) => (c as CompanyDto).name}
              deleteTitle="Delete Company"
              deleted={TOAST.companyDeleted}
              deleteFailed={(m) => TOAST.failed('delete company', m)}
            />
          </Box>
        </Box>
        {company.description && <Typography variant="body2" color="text.secondary" sx={wrap}>{company.description}</Typography>}
        {company.whyChooseUs && (
          <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="subtitle2" component="h3">Why Choose This Company:</Typography>
            <Typography variant="body2" color="text.secondary" sx={wrap}>{company.whyChooseUs}</Typography>
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap' }}>
        {/* Programs, sizes, scores and status live on their own page: too many fields for SPEC's dialog. */}
        <Button component={Link} to={`/admin/companies/${company.id}/profile`} size="small">Firm profile</Button>
        {company.websiteUrl && (
          <Button component="a" href={company.websiteUrl} target="_blank" rel="noopener noreferrer" size="small" endIcon={<OpenInNewIcon fontSize="small" />}>
            Visit Website
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
