import { Box, Button, Card, CardContent, Popover, TextField, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useRef, useState } from 'react';
import { AutocompleteArrayInput, ReferenceArrayInput, SelectInput, TextInput, useInput, useSaveContext } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { BLOG_CATEGORIES, BLOG_STATUSES } from '../../../../common/enums.js';
import { slugify } from '../../../../common/slugify.js';
import { ImageInput } from '../components/ImageInput.js';
import { CalendarIcon } from '../components/icons.js';
import { POST_RULES, timeZoneLabel } from '../../../../common/post-form.js';
import { raRule } from '../components/ra-rule.js';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const choices = (values: readonly string[]) => values.map((id) => ({ id, name: label(id) }));
/** docs/spec.md §5's rules (common/post-form.ts) as react-admin validators (undefined when valid). */
const validateTitle = raRule(POST_RULES.title);
const validateSlug = raRule(POST_RULES.slug);
const validateContent = raRule(POST_RULES.content);
const validateFeaturedImage = raRule(POST_RULES.featuredImageUrl);

type Mode = 'create' | 'edit';

/**
 * docs/spec.md §2 "Blog post form layout": a main column (Title, Slug, Content, SEO Settings) and a sidebar (Status with
 * the submit, Published Date while published, Category, Tags, Featured Image, Excerpt, Author Name). Below
 * 900 px the sidebar follows the main column and the submit moves to a bar stuck to the bottom of the screen.
 */
export function BlogPostInputs({ mode }: { mode: Mode }) {
  const status = useWatch({ name: 'status' });
  return (
    <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(280px, 1fr)' } }}>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <TitleAndSlugInputs mode={mode} />
            <TextInput source="content" label="Content" id="post-content" multiline rows={15} validate={validateContent} isRequired
              helperText="HTML is allowed." slotProps={{ htmlInput: { style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 } } }} />
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="h6" component="h2">SEO Settings</Typography>
            <TextInput source="metaTitle" label="Meta Title" id="post-meta-title" helperText={false} />
            <TextInput source="metaDescription" label="Meta Description" id="post-meta-description" multiline rows={3} helperText={false} />
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <SelectInput source="status" label="Status" id="post-status" choices={choices(BLOG_STATUSES)} helperText={false} />
            <Box sx={{ display: { xs: 'none', md: 'block' } }}><SubmitButton mode={mode} /></Box>
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            {status === 'published' && <PublishedDateInput />}
            <SelectInput source="category" label="Category" id="post-category" choices={choices(BLOG_CATEGORIES)} helperText={false} />
            <TextInput source="tags" label="Tags" id="post-tags" helperText="Comma-separated, e.g. funding, risk, payouts" />
            {/* The firms the post is about: their profiles list it and it links to them (issue #18). */}
            <ReferenceArrayInput source="companyIds" reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
              <AutocompleteArrayInput label="Firms" optionText="name" id="post-firms" helperText="The firms this post is about" />
            </ReferenceArrayInput>
            <ImageInput source="featuredImageUrl" label="Featured Image" kind="featured" validate={validateFeaturedImage} />
            <TextInput source="excerpt" label="Excerpt" id="post-excerpt" multiline rows={4} helperText={false} sx={{ mt: 2 }} />
            <TextInput source="authorName" label="Author Name" id="post-author" helperText={false} />
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: { xs: 'block', md: 'none' }, position: 'sticky', bottom: 0, zIndex: 2, mx: -2, px: 2, py: 1.5,
        bgcolor: 'background.default', borderTop: 1, borderColor: 'divider' }}>
        <SubmitButton mode={mode} />
      </Box>
    </Box>
  );
}

/** docs/spec.md §4: the slug follows the title until edited by hand; an existing post's slug counts as set by hand. */
function TitleAndSlugInputs({ mode }: { mode: Mode }) {
  const { setValue, getFieldState } = useFormContext();
  const slugTouched = useRef(mode === 'edit');
  return (
    <>
      <TextInput source="title" label="Title" id="post-title" validate={validateTitle} isRequired helperText={false}
        onChange={(e: { target: { value: string } }) => {
          if (!slugTouched.current) {
            setValue('slug', slugify(e.target.value), { shouldDirty: true, shouldValidate: !!getFieldState('slug').error });
          }
        }} />
      <TextInput source="slug" label="Slug" id="post-slug" validate={validateSlug} isRequired
        helperText="Used in the post URL: /blog/{slug}" onChange={() => (slugTouched.current = true)} />
    </>
  );
}

/** 'Create Post' / 'Update Post', 'Saving...' while the call runs (docs/spec.md §2); disabled meanwhile (docs/spec.md §4). */
function SubmitButton({ mode }: { mode: Mode }) {
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const busy = saving || isSubmitting;
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
      {busy ? 'Saving...' : mode === 'create' ? 'Create Post' : 'Update Post'}
    </Button>
  );
}

/**
 * Published Date: a button reading the picked date and time (or 'Pick a date') that opens a date-and-time input in
 * the editor's time zone, which is named beside it (issue #18).
 */
function PublishedDateInput() {
  const { field } = useInput({ source: 'publishedAt', format: (v) => v ?? '' });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const value = field.value as string;
  const picked = value ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : null;
  const zone = timeZoneLabel(picked && !Number.isNaN(picked.getTime()) ? picked : new Date());
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="p" variant="subtitle2" id="post-published-label" sx={{ mb: 1 }}>Published Date</Typography>
      <Button variant="outlined" fullWidth aria-labelledby="post-published-label post-published-button" id="post-published-button"
        color="inherit" startIcon={<CalendarIcon />} onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ justifyContent: 'flex-start', textTransform: 'none', color: picked ? 'text.primary' : 'text.secondary' }}>
        {picked && !Number.isNaN(picked.getTime()) ? format(picked, 'PPP, HH:mm') : 'Pick a date'}
      </Button>
      <Typography variant="caption" color="text.secondary" data-testid="post-time-zone">Your time zone: {zone}</Typography>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <TextField type="datetime-local" label={`Published date and time (${zone})`} id="post-published-at" value={value} autoFocus
            onChange={(e) => field.onChange(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => field.onChange('')}>Clear</Button>
            <Button variant="contained" onClick={() => setAnchor(null)}>Done</Button>
          </Box>
        </Box>
      </Popover>
    </Box>
  );
}
