import { Box } from '@mui/material';

export const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

/** The private proof, shown beside the report (the admin session may read /_api/files). */
export function Proof({ urls }: { urls: string[] }) {
  if (!urls.length) return <span>No proof</span>;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {urls.map((u) => <a key={u} href={u} target="_blank" rel="noopener noreferrer"><img src={u} alt="Proof" style={{ maxWidth: 160, maxHeight: 120 }} /></a>)}
    </Box>
  );
}
