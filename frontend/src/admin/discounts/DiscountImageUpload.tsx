import { Alert, Box, Button, CircularProgress, FormHelperText, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, imageSelectionProblem } from '../../../../common/image-upload.js';
import { MSG } from '../../../../common/messages.js';
import { uploadImage } from '../media.js';


type UploadState = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'success' } | { kind: 'error'; message: string };

interface Props {
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/** The discount's Media field: one PNG/JPG/WebP up to 5 MB, with the states idle, uploading, success, error (SPEC §4). */
export function DiscountImageUpload({ value, onChange, onBlur, error, disabled }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const [broken, setBroken] = useState(false);

  async function onFiles(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    const problem = imageSelectionProblem(files);
    if (problem) {
      setState({ kind: 'error', message: problem });
      return;
    }
    setState({ kind: 'uploading' });
    try {
      const url = await uploadImage(files[0]!, 'discount');
      setBroken(false);
      onChange(url);
      setState({ kind: 'success' });
    } catch (err) {
      setState({ kind: 'error', message: err instanceof Error ? err.message : MSG.unknownError });
    } finally {
      onBlur?.();
    }
  }

  return (
    <Box data-testid="discount-media" data-state={state.kind}>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 1 }}>
        Media
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 120,
            height: 80,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
          }}
        >
          {state.kind === 'uploading' ? (
            <CircularProgress size={24} aria-label="Uploading image" />
          ) : value && !broken ? (
            <img src={value} alt="Discount media preview" onError={() => setBroken(true)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">No image</Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={disabled || state.kind === 'uploading'}>
            {value ? 'Replace image' : 'Upload image'}
          </Button>
          {value && (
            <Button
              size="small"
              color="error"
              onClick={() => {
                onChange('');
                setState({ kind: 'idle' });
                onBlur?.();
              }}
              disabled={disabled || state.kind === 'uploading'}
            >
              Remove image
            </Button>
          )}
        </Box>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          onChange={onFiles}
          hidden
          data-testid="discount-media-input"
        />
      </Box>
      <FormHelperText>PNG, JPG up to 5MB</FormHelperText>
      {state.kind === 'uploading' && <FormHelperText>Uploading...</FormHelperText>}
      {state.kind === 'success' && <FormHelperText sx={{ color: 'success.main' }}>Image uploaded.</FormHelperText>}
      {state.kind === 'error' && <Alert severity="error" sx={{ mt: 1 }}>{state.message}</Alert>}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
