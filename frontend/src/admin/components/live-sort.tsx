import { useCallback, useRef, type ReactNode } from 'react';
import {
  DataTable as RaDataTable, ListContextProvider, parseQueryFromLocation, SortButton as RaSortButton, useListContext,
  type DataTableProps, type ListControllerResult, type RaRecord, type SortButtonProps, type SortPayload,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** The list's query as the address bar holds it now, with the list's current values for what it does not hold. */
export function liveListSearch(
  search: string,
  sort: SortPayload,
  current: { filterValues: unknown; displayedFilters: unknown; perPage: number },
): string {
  const live = parseQueryFromLocation({ search });
  return `?${new URLSearchParams({
    filter: JSON.stringify(live.filter ?? current.filterValues ?? {}),
    displayedFilters: JSON.stringify(live.displayedFilters ?? current.displayedFilters ?? {}),
    perPage: String(live.perPage ?? current.perPage),
    // A new sort starts at the first page, as react-admin's own.
    page: '1',
    sort: sort.field,
    order: sort.order ?? 'ASC',
  })}`;
}

/**
 * A list's setSort that writes the sort onto the address as it is now, not onto the parameters of the last render
 * (ra-core's own setSort). The router renders an address change as a transition, so for a moment after a filter
 * change the list still renders the old filter; ra-core's sort clicked in that moment wrote the old filter back and
 * the filter was lost (docs/decisions/admin-filter-sort-race.md). Deferred one task: a filter change made in the same
 * moment is put in the address on react-admin's next tick, and this then reads it there.
 */
export function useLiveSetSort(): ListControllerResult['setSort'] {
  const { filterValues, displayedFilters, perPage } = useListContext();
  const current = useRef({ filterValues, displayedFilters, perPage });
  current.current = { filterValues, displayedFilters, perPage };
  const navigate = useNavigate();
  return useCallback(
    (sort: SortPayload) => {
      setTimeout(() => navigate({ search: liveListSearch(window.location.search, sort, current.current) }), 0);
    },
    [navigate],
  );
}

/** Gives everything inside it (column headers, sort buttons) the live setSort. */
export function LiveSort({ children }: { children: ReactNode }) {
  const list = useListContext();
  const setSort = useLiveSetSort();
  return <ListContextProvider value={{ ...list, setSort }}>{children}</ListContextProvider>;
}

/** react-admin's DataTable, its column headers sorting from the live address. */
function LiveSortDataTable<RecordType extends RaRecord = RaRecord>(props: DataTableProps<RecordType>) {
  return <LiveSort><RaDataTable<RecordType> {...props} /></LiveSort>;
}
export const DataTable = Object.assign(LiveSortDataTable, { Col: RaDataTable.Col, NumberCol: RaDataTable.NumberCol });

/** react-admin's SortButton (phones, where there are no column headers), sorting from the live address. */
export function SortButton(props: SortButtonProps) {
  return <LiveSort><RaSortButton {...props} /></LiveSort>;
}
