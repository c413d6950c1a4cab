import { Box, Button } from '@mui/material';
import { ADMIN_NEWSLETTER as T } from '../../../../common/messages.js';
import { pageList } from '../../../../common/pagination.js';

/** SPEC §9: every page number when there are 7 or fewer pages, else ellipses (common/pagination.ts). */
export function SubscriberPagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <Box component="nav" aria-label={T.pagination}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}>
        <li>
          <Button size="small" onClick={() => onPage(page - 1)} disabled={page <= 1}>{T.previous}</Button>
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
                onClick={() => onPage(item)}
                sx={{ minWidth: 36 }}
              >
                {item}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button size="small" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>{T.next}</Button>
        </li>
      </Box>
    </Box>
  );
}
