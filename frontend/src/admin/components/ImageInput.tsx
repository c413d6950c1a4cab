import { Box, Button, CircularProgress, FormHelperText, Typography } from '@mui/material';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useInput, ValidationError, type InputProps } from 'react-admin';
import { ACCEPTED_IMAGE_TYPES, imageSelectionProblem } from '../../../../common/image-upload.js';
import { MSG } from '../../../../common/messages.js';
import { uploadImage } from '../media.js';

export type ImageKind = 'logo' | 'discount' | 'featured';
type UploadState = { status: 'idle' | 'uploading' | 'success' } | { status: 'error'; message: string };

export interface ImageInputProps extends Pick<InputProps, 'source' | 'validate' | 'defaultValue'> {
  label: string;
  /** Which box the server fits the picture into (common/constants IMAGE_BOX: logo 800x800, discount and featured 1200x800). */
  kind: ImageKind;
  /** Told while an upload runs, so a dialog can hold its submit until the URL is known. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The one image field of the admin (company logo, discount media, post featured image): a react-admin input
 * storing the URL the server answers for the picked file. The selection is checked here with docs/spec.md §5's
 * messages before anything is sent (the server judges the bytes again); docs/spec.md §4's upload states show on the
 * field (`data-state`), as does any error, the form's own included (docs/spec.md §5: on the image's field).
 */
export function ImageInput({ source, label, kind, onBusyChange, validate, defaultValue }: ImageInputProps) {
  const { field, fieldState, id } = useInput({ source, validate, defaultValue, format: (v) => v ?? '', parse: (v) => v || null });
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState(false);
  const value = (field.value as string | null) || '';
  const uploading = state.status === 'uploading';
  // The form's own message (a validator's or the server's `errors[source]`) may be a translatable object.
  const formError = fieldState.error?.message;
  const error = state.status === 'error' ? state.message : formError;

  async function handle(files: File[]) {
    if (files.length === 0) return;
    const problem = imageSelectionProblem(files);
    if (problem) return setState({ status: 'error', message: problem });
    setState({ status: 'uploading' });
    onBusyChange?.(true);
    try {
      const url = await uploadImage(files[0], kind);
      setBroken(false);
      field.onChange(url);
      setState({ status: 'success' });
    } catch (e) {
      setState({ status: 'error', message: e instanceof Error && e.message ? e.message : MSG.unknownError });
    } finally {
      onBusyChange?.(false);
      field.onBlur();
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!uploading) void handle(Array.from(e.dataTransfer.files));
  };

  return (
    <Box data-testid={`image-input-${source}`} data-state={state.status} sx={{ width: '100%' }}>
      <Typography component="label" htmlFor={id} variant="subtitle2" sx={{ display: 'block', mb: 1 }}>{label}</Typography>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex', alignItems: 'center', gap: 2, p: 1.5, flexWrap: 'wrap', borderRadius: 2, border: '2px dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
        }}
      >
        <Box sx={{ width: 120, height: 80, flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
          {uploading ? (
            <CircularProgress size={24} aria-label="Uploading image" />
          ) : value && !broken ? (
            <img src={value} alt={`${label} preview`} onError={() => setBroken(true)}
              style={{ width: '100%', height: '100%', objectFit: kind === 'logo' ? 'contain' : 'cover' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">No image</Typography>
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" disabled={uploading} onClick={() => inputRef.current?.click()}>
              {value ? 'Replace image' : 'Upload image'}
            </Button>
            {value && (
              <Button size="small" color="error" disabled={uploading} aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() => {
                  field.onChange(null);
                  field.onBlur();
                  setState({ status: 'idle' });
                }}>
                Remove
              </Button>
            )}
          </Box>
          <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>PNG, JPG up to 5MB</Typography>
        </Box>
      </Box>
      <input ref={inputRef} id={id} type="file" hidden accept={ACCEPTED_IMAGE_TYPES.join(',')} aria-describedby={hintId}
        aria-invalid={error ? true : undefined} onChange={(e) => void handle(Array.from(e.target.files ?? []))} />
      <Box aria-live="polite">
        {uploading && <FormHelperText>Uploading...</FormHelperText>}
        {state.status === 'success' && !error && <FormHelperText sx={{ color: 'success.main' }}>{label} uploaded.</FormHelperText>}
        {error && (
          <FormHelperText error role="alert">
            {state.status === 'error' ? state.message : <ValidationError error={formError as string} />}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
