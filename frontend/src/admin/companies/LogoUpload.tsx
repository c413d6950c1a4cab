import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useId, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, imageSelectionProblem } from '../../../../common/image-upload.js';
import { MSG } from '../../../../common/messages.js';
import { uploadImage } from '../media.js';


type UploadState = { status: 'idle' } | { status: 'uploading' } | { status: 'success' } | { status: 'error'; message: string };

/**
 * The company logo (SPEC §3/§5): one png/jpeg/webp up to 5 MB, uploaded with kind 'logo' (the server
 * resizes it to at most 800x800) and stored as the returned URL. States idle, uploading, success, error.
 */
export function LogoUpload({
  value,
  onChange,
  onBusyChange,
}: {
  value: string;
  onChange: (url: string) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);

  async function handle(files: File[]) {
    const problem = imageSelectionProblem(files);
    if (problem) return setState({ status: 'error', message: problem });
    setState({ status: 'uploading' });
    onBusyChange?.(true);
    try {
      onChange(await uploadImage(files[0], 'logo'));
      setState({ status: 'success' });
    } catch (e) {
      setState({ status: 'error', message: e instanceof Error ? e.message : MSG.unknownError });
    } finally {
      onBusyChange?.(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void handle(Array.from(e.dataTransfer.files));
  }

  return (
    <Box>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 1, fontWeight: 500 }}>
        Logo
      </Typography>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-state={state.status}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: 2,
          border: '1px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          flexWrap: 'wrap',
        }}
      >
        {value ? (
          <Box component="img" src={value} alt="Logo preview" sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 1, bgcolor: 'background.default' }} />
        ) : (
          <Box aria-hidden sx={{ width: 64, height: 64, borderRadius: 1, bgcolor: 'background.default', display: 'grid', placeItems: 'center', color: 'text.secondary', fontSize: 12 }}>
            No logo
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" component="label" disabled={state.status === 'uploading'}>
              {value ? 'Replace logo' : 'Upload logo'}
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                hidden
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                onChange={(e) => void handle(Array.from(e.target.files ?? []))}
              />
            </Button>
            {value && (
              <Button
                size="small"
                color="inherit"
                disabled={state.status === 'uploading'}
                onClick={() => {
                  onChange('');
                  setState({ status: 'idle' });
                }}
              >
                Remove logo
              </Button>
            )}
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            PNG, JPG up to 5MB
          </Typography>
        </Box>
      </Box>
      <Box aria-live="polite" sx={{ mt: 1 }}>
        {state.status === 'uploading' && (
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={16} /> Uploading...
          </Typography>
        )}
        {state.status === 'success' && <Typography variant="body2" color="success.main">Logo uploaded.</Typography>}
        {state.status === 'error' && <Alert severity="error" sx={{ py: 0 }}>{state.message}</Alert>}
      </Box>
    </Box>
  );
}
