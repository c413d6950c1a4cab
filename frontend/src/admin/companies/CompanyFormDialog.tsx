import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Switch, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { CompanyDto } from '../../../../common/api-types.js';
import {
  companyFormToPayload,
  companyToFormValues,
  validateCompanyName,
  validateRating,
  validateWebsiteUrl,
  type CompanyFormValues,
  type CompanyPayload,
} from '../../../../common/company-form.js';
import { COMPANY_RATING_MAX, COMPANY_RATING_MIN, COMPANY_RATING_STEP } from '../../../../common/constants.js';
import { LogoUpload } from './LogoUpload.js';

/**
 * 'Add New Company' / 'Edit Company' (SPEC §2) with the company form of SPEC §3/§5, validated on blur.
 * `company` null means create. `onSubmit` does the mutation; the dialog stays open until it settles.
 */
export function CompanyFormDialog({
  open,
  company,
  saving,
  onClose,
  onSubmit,
}: {
  open: boolean;
  company: CompanyDto | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (payload: CompanyPayload) => void;
}) {
  const { control, handleSubmit, reset } = useForm<CompanyFormValues>({
    mode: 'onBlur',
    defaultValues: companyToFormValues(company),
  });
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (open) reset(companyToFormValues(company));
  }, [open, company, reset]);

  const editing = company !== null;
  const title = editing ? 'Edit Company' : 'Add New Company';

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="company-form-title" scroll="paper">
      <DialogTitle id="company-form-title">{title}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => onSubmit(companyFormToPayload(values)))}
        sx={{ display: 'contents' }}
      >
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <Controller
            name="name"
            control={control}
            rules={{ validate: validateCompanyName }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="company-name"
                label="Name"
                required
                autoFocus
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            )}
          />
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <TextField {...field} id="company-description" label="Description" multiline minRows={3} slotProps={{ htmlInput: { maxLength: 5000 } }} />
            )}
          />
          <Controller
            name="logoUrl"
            control={control}
            render={({ field }) => <LogoUpload value={field.value} onChange={field.onChange} onBusyChange={setUploading} />}
          />
          <Controller
            name="websiteUrl"
            control={control}
            rules={{ validate: validateWebsiteUrl }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="company-website"
                label="Website URL"
                type="url"
                placeholder="https://example.com"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="rating"
            control={control}
            rules={{ validate: validateRating }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="company-rating"
                label="Rating (0-5)"
                type="number"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { min: COMPANY_RATING_MIN, max: COMPANY_RATING_MAX, step: COMPANY_RATING_STEP, inputMode: 'decimal' } }}
              />
            )}
          />
          <Controller
            name="whyChooseUs"
            control={control}
            render={({ field }) => (
              <TextField {...field} id="company-why" label="Why Choose Us" multiline minRows={3} slotProps={{ htmlInput: { maxLength: 5000 } }} />
            )}
          />
          <Controller
            name="featured"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
                label="Featured as the '#1 CHOICE' firm (only one firm at a time)"
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={saving} color="inherit">Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving || uploading}>
            {saving ? 'Saving...' : editing ? 'Update Company' : 'Create Company'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
