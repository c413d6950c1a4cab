import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import {
  HIDE_FILTER, ListBase, ListContextProvider, ListView, Loading, parseQueryFromLocation, queryReducer, removeEmpty, SET_FILTER,
  SET_PAGE, SET_PER_PAGE, SET_SORT, SHOW_FILTER, useListContext, type ListParams, type ListProps, type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';

type ListAction = Parameters<typeof queryReducer>[1];

/**
 * The list's query as the address bar holds it now, the list's rendered values filling what it does not hold, with
 * the actions applied in order by react-admin's own reducer.
 */
export function liveListSearch(search: string, rendered: ListParams, actions: readonly ListAction[]): string {
  const live = parseQueryFromLocation({ search });
  const base: ListParams = {
    ...rendered,
    ...live,
    page: Number(live.page ?? rendered.page),
    perPage: Number(live.perPage ?? rendered.perPage),
  };
  const query = actions.reduce(queryReducer, base);
  return `?${new URLSearchParams({
    filter: JSON.stringify(query.filter ?? {}),
    displayedFilters: JSON.stringify(query.displayedFilters ?? {}),
    perPage: String(query.perPage),
    page: String(query.page),
    sort: query.sort,
    order: query.order,
  })}`;
}

/**
 * Re-provides the list's context with setters that change the address as it is when they run, not the parameters of
 * the last render (ra-core's own). The router renders an address change as a transition, so for a while after one
 * change the list still renders the old query; ra-core's setter called in that while reduces the old query and
 * writes it back — a sort clicked just after a filter lost the filter, and the filter form's write (500 ms after the
 * choice) lost a sort clicked in between (docs/decisions/admin-filter-sort-race.md). Like ra-core, the changes of
 * one task are applied together on the next task, by which time a change made in the same moment is in the address.
 */
export function LiveListParams({ children }: { children: ReactNode }) {
  const list = useListContext();
  const rendered = useRef<ListParams>(undefined as unknown as ListParams);
  rendered.current = {
    filter: list.filterValues, displayedFilters: list.displayedFilters, page: list.page, perPage: list.perPage,
    sort: list.sort.field, order: list.sort.order,
  };
  const pending = useRef<ListAction[]>([]);
  const navigate = useNavigate();
  const change = useCallback((action: ListAction) => {
    pending.current.push(action);
    if (pending.current.length > 1) return;
    setTimeout(() => {
      const actions = pending.current;
      pending.current = [];
      navigate(
        { search: liveListSearch(window.location.search, rendered.current, actions) },
        { state: { _scrollToTop: actions.some((a) => a.type === SET_PAGE) } },
      );
    }, 0);
  }, [navigate]);
  const { setFilters: ownSetFilters } = list;
  const value = useMemo(() => ({
    ...list,
    setSort: (payload: { field: string; order?: 'ASC' | 'DESC' }) => change({ type: SET_SORT, payload }),
    setPage: (page: number) => change({ type: SET_PAGE, payload: page }),
    setPerPage: (perPage: number) => change({ type: SET_PER_PAGE, payload: perPage }),
    showFilter: (filterName: string, defaultValue?: unknown) => change({ type: SHOW_FILTER, payload: { filterName, defaultValue } }),
    hideFilter: (filterName: string) => change({ type: HIDE_FILTER, payload: filterName }),
    // A debounced call keeps ra-core's debounce (no list here asks for one; the filter form debounces itself).
    setFilters: (filter: object, displayedFilters?: Record<string, boolean>, debounce?: boolean) =>
      debounce
        ? ownSetFilters(filter, displayedFilters, true)
        : change({ type: SET_FILTER, payload: { filter: removeEmpty(filter), displayedFilters } }),
  }), [list, change, ownSetFilters]);
  return <ListContextProvider value={value}>{children}</ListContextProvider>;
}

const noFilter = {};
const authLoadingShown = <Loading />;

/**
 * react-admin's `<List>` (its ListBase and ListView, the same props and defaults), its query changed from the live
 * address — so always synced with the address (no `disableSyncWithLocation`).
 */
export function List<RecordType extends RaRecord = RaRecord>(props: Omit<ListProps<RecordType>, 'disableSyncWithLocation'>) {
  const {
    debounce, disableAuthentication, exporter, filter = noFilter, filterDefaultValues, authLoading = authLoadingShown,
    loading, perPage = 10, queryOptions, resource, sort, storeKey, ...view
  } = props;
  return (
    <ListBase<RecordType>
      debounce={debounce} disableAuthentication={disableAuthentication} exporter={exporter} filter={filter}
      filterDefaultValues={filterDefaultValues} authLoading={authLoading} loading={loading} perPage={perPage}
      queryOptions={queryOptions} resource={resource} sort={sort} storeKey={storeKey} offline={false}
    >
      <LiveListParams><ListView<RecordType> {...view} /></LiveListParams>
    </ListBase>
  );
}
