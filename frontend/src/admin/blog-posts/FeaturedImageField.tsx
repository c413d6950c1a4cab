import { Box, Button, CircularProgress, FormHelperText, IconButton, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, imageSelectionProblem } from '../../../../common/image-upload.js';
import { MSG } from '../../../../common/messages.js';
import { uploadImage } from '../media.js';
import { CloseIcon } from '../components/icons.js';


type UploadState = 'idle' | 'uploading' | 'success' | 'error';

interface Props {
  value: string;
  onChange: (url: string) => void;
  /** The field's error (client upload error or the server's featuredImageUrl message). */
  error?: string;
  onError: (message: string | null) => void;
}

/** Featured Image (SPEC §2 form sidebar): upload through /_api/admin/media (kind 'featured'), preview, remove. */
export function FeaturedImageField({ value, onChange, error, onError }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>('idle');
  const [dragging, setDragging] = useState(false);

  async function handle(files: File[]) {
    const problem = imageSelectionProblem(files);
    if (problem) {
      setState('error');
      onError(problem);
      return;
    }
    setState('uploading');
    onError(null);
    try {
      onChange(await uploadImage(files[0], 'featured'));
      setState('success');
    } catch (e) {
      setState('error');
      onError(e instanceof Error ? e.message : MSG.unknownError);
    }
  }

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    void handle(Array.from(e.target.files ?? []));
    e.target.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void handle(Array.from(e.dataTransfer.files));
  };

  return (
    <Box data-upload-state={state}>
      <Typography component="label" htmlFor={inputId} variant="subtitle2" sx={{ display: 'block', mb: 1 }}>
        Featured Image
      </Typography>
      {value ? (
        <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <Box component="img" src={value} alt="Featured image preview" sx={{ display: 'block', width: '100%', aspectRatio: '3 / 2', objectFit: 'cover' }} />
          <IconButton
            aria-label="Remove featured image"
            onClick={() => {
              onChange('');
              onError(null);
              setState('idle');
            }}
            size="small"
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(0,0,0,0.65)', '&:hover': { bgcolor: 'rgba(0,0,0,0.85)' } }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : (
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            border: '2px dashed',
            borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
            borderRadius: 2,
            p: 2,
            textAlign: 'center',
          }}
        >
          {state === 'uploading' ? (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, py: 1 }} role="status">
              <CircularProgress size={20} /> <span>Uploading...</span>
            </Box>
          ) : (
            <Button variant="outlined" onClick={() => inputRef.current?.click()}>Upload image</Button>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>PNG, JPG up to 5MB</Typography>
        </Box>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        onChange={onInput}
        hidden
        aria-invalid={error ? true : undefined}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
