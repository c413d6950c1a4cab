import { Box, Button, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { ADMIN_NEWSLETTER as T } from '../../../../common/messages.js';
import { pageCount, pageList } from '../../../../common/pagination.js';

/**
 * The list's pagination (docs/spec.md §9: every page number when there are 7 or fewer pages, else ellipses, by the pure rule
 * in common/pagination.ts), on phones too, with 'Showing a–b of n'. Reads and sets the `<List>`'s page, so the page
 * is in the address.
 */
export function SubscriberPagination() {
  const { page, perPage, total, setPage, isPending, error } = useListContext();
  if (isPending || error || !total) return null;
  const totalPages = pageCount(total, perPage);
  const first = (page - 1) * perPage + 1;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
      <Typography color="text.secondary" variant="body2">{T.showing(first, Math.min(first + perPage - 1, total), total)}</Typography>
      {totalPages > 1 && (
        <Box component="nav" aria-label={T.pagination}>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}>
            <li>
              <Button size="small" onClick={() => setPage(page - 1)} disabled={page <= 1}>{T.previous}</Button>
            </li>
            {pageList(page, totalPages).map((item, i) =>
              item === 'ellipsis' ? (
                <Box component="li" key={`gap-${i}`} aria-hidden="true" sx={{ px: 1, color: 'text.secondary' }}>…</Box>
              ) : (
                <li key={item}>
                  <Button
                    size="small"
                    variant={item === page ? 'contained' : 'text'}
                    aria-label={T.goToPage(item)}
                    aria-current={item === page ? 'page' : undefined}
                    onClick={() => setPage(item)}
                    sx={{ minWidth: 36 }}
                  >
                    {item}
                  </Button>
                </li>
              ),
            )}
            <li>
              <Button size="small" onClick={() => setPage(page + 1)} disabled={page >= totalPages}>{T.next}</Button>
            </li>
          </Box>
        </Box>
      )}
    </Box>
  );
}
