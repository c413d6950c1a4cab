import { Box, Button, Card, CardContent, MenuItem, Popover, TextField, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useRef, useState } from 'react';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { BLOG_CATEGORIES, BLOG_STATUSES } from '../../../../common/enums.js';
import { slugify } from '../../../../common/slugify.js';
import { FeaturedImageField } from './FeaturedImageField.js';
import { EMPTY_POST, POST_RULES, toPayload, type PostFormValues, type PostPayload } from './post-form-values.js';
import { CalendarIcon } from '../components/icons.js';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface Props {
  mode: 'create' | 'edit';
  defaultValues?: PostFormValues;
  saving: boolean;
  /** Sends the payload; reports a failure back with the server's per-field `errors`, if any. */
  onSubmit: (payload: PostPayload, setError: UseFormSetError<PostFormValues>) => void;
}

/**
 * SPEC §2 "Blog post form layout": main column (Title, Slug, Content, SEO Settings) and a sidebar
 * (Status + submit, Published Date, Category, Tags, Featured Image, Excerpt, Author Name); the
 * sidebar drops under the main column below 900 px. Validation on blur with SPEC §5's messages.
 */
export function BlogPostForm({ mode, defaultValues = EMPTY_POST, saving, onSubmit }: Props) {
  const { control, handleSubmit, register, setValue, setError, clearErrors, watch, formState: { errors } } =
    useForm<PostFormValues>({ mode: 'onBlur', defaultValues });
  // SPEC §4: the slug follows the title until edited by hand; an existing post's slug counts as set by hand.
  const slugTouched = useRef(mode === 'edit');
  const status = watch('status');
  const slug = watch('slug');

  const submit = handleSubmit((values) => onSubmit(toPayload(values), setError));
  const titleField = register('title', {
    validate: POST_RULES.title,
    onChange: (e: { target: { value: string } }) => {
      if (!slugTouched.current) setValue('slug', slugify(e.target.value), { shouldValidate: !!errors.slug });
    },
  });
  const slugField = register('slug', {
    validate: POST_RULES.slug,
    onChange: () => {
      slugTouched.current = true;
    },
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={mode === 'create' ? 'Create blog post' : 'Edit blog post'}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(280px, 1fr)' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2.5 }}>
            <TextField label="Title" id="post-title" required fullWidth {...titleField}
              error={!!errors.title} helperText={errors.title?.message} />
            <TextField label="Slug" id="post-slug" required fullWidth {...slugField}
              error={!!errors.slug} helperText={errors.slug?.message ?? 'Used in the post URL: /blog/{slug}'}
              // The slug is also set from the title (setValue), which MUI's label cannot see by itself.
              slotProps={slug ? { inputLabel: { shrink: true } } : undefined} />
            <TextField label="Content" id="post-content" required fullWidth multiline rows={15}
              {...register('content', { validate: POST_RULES.content })}
              error={!!errors.content} helperText={errors.content?.message ?? 'HTML is allowed.'}
              slotProps={{ htmlInput: { style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 } } }} />
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2.5 }}>
            <Typography variant="h6" component="h2">SEO Settings</Typography>
            <TextField label="Meta Title" id="post-meta-title" fullWidth {...register('metaTitle')}
              error={!!errors.metaTitle} helperText={errors.metaTitle?.message} />
            <TextField label="Meta Description" id="post-meta-description" fullWidth multiline rows={3} {...register('metaDescription')}
              error={!!errors.metaDescription} helperText={errors.metaDescription?.message} />
          </CardContent>
        </Card>
      </Box>

      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2.5 }}>
            <Controller name="status" control={control} render={({ field }) => (
              <TextField select label="Status" id="post-status" fullWidth {...field}
                error={!!errors.status} helperText={errors.status?.message}>
                {BLOG_STATUSES.map((s) => <MenuItem key={s} value={s}>{label(s)}</MenuItem>)}
              </TextField>
            )} />
            <Button type="submit" variant="contained" size="large" disabled={saving} fullWidth>
              {saving ? 'Saving...' : mode === 'create' ? 'Create Post' : 'Update Post'}
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2.5 }}>
            {status === 'published' && (
              <Controller name="publishedAt" control={control} render={({ field }) => (
                <DatePickerField value={field.value} onChange={field.onChange} error={errors.publishedAt?.message} />
              )} />
            )}
            <Controller name="category" control={control} render={({ field }) => (
              <TextField select label="Category" id="post-category" fullWidth {...field}
                error={!!errors.category} helperText={errors.category?.message}>
                {BLOG_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{label(c)}</MenuItem>)}
              </TextField>
            )} />
            <TextField label="Tags" id="post-tags" fullWidth {...register('tags')}
              error={!!errors.tags} helperText={errors.tags?.message ?? 'Comma-separated, e.g. funding, risk, payouts'} />
            <Controller name="featuredImageUrl" control={control} render={({ field }) => (
              <FeaturedImageField
                value={field.value}
                onChange={field.onChange}
                error={errors.featuredImageUrl?.message}
                onError={(message) => (message ? setError('featuredImageUrl', { type: 'upload', message }) : clearErrors('featuredImageUrl'))}
              />
            )} />
            <TextField label="Excerpt" id="post-excerpt" fullWidth multiline rows={4} {...register('excerpt')}
              error={!!errors.excerpt} helperText={errors.excerpt?.message} />
            <TextField label="Author Name" id="post-author" fullWidth {...register('authorName')}
              error={!!errors.authorName} helperText={errors.authorName?.message} />
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}

/** Published Date: a button reading the picked day (or 'Pick a date') that opens a calendar input. */
function DatePickerField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const picked = value ? new Date(`${value}T00:00:00`) : null;
  return (
    <Box>
      <Typography component="p" variant="subtitle2" id="post-published-label" sx={{ mb: 1 }}>Published Date</Typography>
      <Button variant="outlined" fullWidth aria-labelledby="post-published-label post-published-button" id="post-published-button"
        color={error ? 'error' : 'inherit'} startIcon={<CalendarIcon />} onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ justifyContent: 'flex-start', textTransform: 'none', color: picked ? 'text.primary' : 'text.secondary' }}>
        {picked && !Number.isNaN(picked.getTime()) ? format(picked, 'PPP') : 'Pick a date'}
      </Button>
      {error && <Typography color="error" variant="caption">{error}</Typography>}
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <TextField type="date" label="Published date" id="post-published-at" value={value} autoFocus
            onChange={(e) => onChange(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => onChange('')}>Clear</Button>
            <Button variant="contained" onClick={() => setAnchor(null)}>Done</Button>
          </Box>
        </Box>
      </Popover>
    </Box>
  );
}

/** Puts the server's per-field messages (`errors` of the error body) on the form's fields. */
export function applyServerErrors(body: unknown, setError: UseFormSetError<PostFormValues>): void {
  const errs = (body as { errors?: Record<string, string> } | undefined)?.errors;
  if (!errs) return;
  for (const [field, message] of Object.entries(errs)) {
    if (field in EMPTY_POST) setError(field as keyof PostFormValues, { type: 'server', message });
  }
}
