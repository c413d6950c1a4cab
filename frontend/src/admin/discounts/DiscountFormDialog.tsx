import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect } from 'react';
import { useGetList } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import type { AdminDiscountDto, CompanyDto } from '../../../../common/api-types.js';
import { DISCOUNT_STATUSES } from '../../../../common/enums.js';
import { DiscountImageUpload } from './DiscountImageUpload.js';
import {
  discountRules,
  discountToForm,
  emptyDiscountForm,
  STATUS_LABELS,
  toDiscountPayload,
  type DiscountFormValues,
  type DiscountPayload,
} from './discount-form.js';

interface Props {
  open: boolean;
  /** null: create a new discount. */
  discount: AdminDiscountDto | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (payload: DiscountPayload) => void;
}

/** 'Add New Discount' / 'Edit Discount' (SPEC §2, §7): validated on blur, sent only when valid. */
export function DiscountFormDialog({ open, discount, saving, onClose, onSubmit }: Props) {
  const { control, handleSubmit, reset } = useForm<DiscountFormValues>({
    mode: 'onBlur',
    defaultValues: emptyDiscountForm(),
  });
  const companies = useGetList<CompanyDto>(
    'companies',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );

  useEffect(() => {
    if (open) reset(discount ? discountToForm(discount) : emptyDiscountForm());
  }, [open, discount, reset]);

  const editing = discount !== null;
  const companyOptions = companies.data ?? [];

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="discount-form-title">
      <DialogTitle id="discount-form-title">{editing ? 'Edit Discount' : 'Add New Discount'}</DialogTitle>
      {/* A flex column, so the fields scroll and the Cancel/Create buttons stay in view. */}
      <form
        noValidate
        onSubmit={handleSubmit((values) => onSubmit(toDiscountPayload(values)))}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <Controller
              name="title"
              control={control}
              rules={{ validate: discountRules.title }}
              render={({ field, fieldState }) => (
                <TextField {...field} id="discount-title" label="Title" required error={!!fieldState.error} helperText={fieldState.error?.message} />
              )}
            />
            <Controller
              name="companyId"
              control={control}
              rules={{ validate: discountRules.companyId }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id="discount-company"
                  select
                  label="Company"
                  required
                  error={!!fieldState.error || companies.isError}
                  helperText={fieldState.error?.message ?? (companies.isError ? companies.error?.message : undefined)}
                  slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
                >
                  {companyOptions.length === 0 && (
                    <MenuItem value="" disabled>
                      {companies.isPending ? 'Loading companies...' : 'No companies found'}
                    </MenuItem>
                  )}
                  {/* While the list loads, keep the edited discount's company selectable so the value is not lost. */}
                  {companyOptions.length === 0 && discount && (
                    <MenuItem value={String(discount.companyId)}>{discount.company.name}</MenuItem>
                  )}
                  {companyOptions.map((c) => (
                    <MenuItem key={c.id} value={String(c.id)}>{c.name}</MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="status"
              control={control}
              rules={{ validate: discountRules.status }}
              render={({ field, fieldState }) => (
                <TextField {...field} id="discount-status" select label="Status" error={!!fieldState.error} helperText={fieldState.error?.message}>
                  {DISCOUNT_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>{STATUS_LABELS[s]}</MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="description"
              control={control}
              render={({ field }) => <TextField {...field} id="discount-description" label="Description" multiline minRows={3} />}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="discountCode"
                control={control}
                render={({ field }) => <TextField {...field} id="discount-code" label="Discount Code" fullWidth />}
              />
              <Controller
                name="discountPercentage"
                control={control}
                rules={{ validate: discountRules.discountPercentage }}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    id="discount-percentage"
                    label="Discount Percentage"
                    type="number"
                    fullWidth
                    slotProps={{ htmlInput: { min: 0, max: 100, step: 'any' } }}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
            <Controller
              name="affiliateLink"
              control={control}
              rules={{ validate: discountRules.affiliateLink }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id="discount-affiliate-link"
                  label="Affiliate Link"
                  type="url"
                  placeholder="https://"
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              name="validUntil"
              control={control}
              rules={{ validate: discountRules.validUntil }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id="discount-valid-until"
                  label="Valid Until"
                  type="datetime-local"
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Your local time. Leave empty for no expiry.'}
                />
              )}
            />
            <Controller
              name="mediaUrl"
              control={control}
              rules={{ validate: discountRules.mediaUrl }}
              render={({ field, fieldState }) => (
                <DiscountImageUpload value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} disabled={saving} />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Discount' : 'Create Discount'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
