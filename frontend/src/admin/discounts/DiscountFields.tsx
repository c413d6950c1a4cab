import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Box, Chip } from '@mui/material';
import { useState } from 'react';
import { ReferenceField, TextField, useRecordContext } from 'react-admin';
import type { AdminDiscountDto } from '../../../../common/api-types.js';
import { TOAST } from '../../../../common/messages.js';
import { RecordMenu } from '../components/RecordMenu.js';
import { STATUS_COLORS, STATUS_LABELS } from './discount-form.js';

/** A thumbnail, or the placeholder when there is none or it fails to load (docs/spec.md §2: a broken image is hidden). */
export function MediaThumb() {
  const record = useRecordContext<AdminDiscountDto>();
  const [broken, setBroken] = useState(false);
  const box = { width: 64, height: 44, borderRadius: 1, overflow: 'hidden', display: 'grid', placeItems: 'center', bgcolor: 'action.hover' };
  if (!record?.mediaUrl || broken) {
    return (
      <Box sx={box} data-testid="media-placeholder" aria-label="No image" role="img">
        <ImageIcon fontSize="small" sx={{ color: 'text.disabled' }} />
      </Box>
    );
  }
  return (
    <Box sx={box}>
      <img src={record.mediaUrl} alt="" loading="lazy" onError={() => setBroken(true)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </Box>
  );
}

/** docs/spec.md §4: active success, coming_soon warning, expired destructive. */
export function StatusBadge() {
  const record = useRecordContext<AdminDiscountDto>();
  if (!record) return null;
  return <Chip size="small" label={STATUS_LABELS[record.status]} color={STATUS_COLORS[record.status]} variant="outlined" />;
}

/** The discount's firm, through react-admin's reference (one getMany per page, cached across pages). */
export function CompanyField() {
  return (
    <ReferenceField source="companyId" reference="companies" link={false}>
      <TextField source="name" />
    </ReferenceField>
  );
}

export function DiscountMenu() {
  return (
    <RecordMenu
      name={(d) => (d as AdminDiscountDto).title}
      deleteTitle="Delete Discount"
      deleted={TOAST.discountDeleted}
      deleteFailed={(m) => TOAST.failed('delete discount', m)}
    />
  );
}
