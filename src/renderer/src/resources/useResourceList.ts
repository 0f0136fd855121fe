import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { nextPageNumber, type SortState } from './listLogic';
import { fetchPage, resourceKeys, type ResourceRecord, type ResourceScope } from './resourceApi';

export interface ListRequest {
  search: string;
  sort: SortState;
  /** Field → accepted values (the API's `name=v1,v2`). */
  filters?: Record<string, string | number>;
  perPage?: number;
}

interface LoadedPage {
  rows: ResourceRecord[];
  page: number;
  total: number | undefined;
}

/**
 * The rows of a list, page by page (spec §7's infinite paging). `fresh` reloads them whenever
 * the list is shown, for the lists of a record's screen (what is stored now).
 */
export function useResourceList(
  scope: ResourceScope,
  request: ListRequest,
  enabled = true,
  fresh = false,
) {
  const perPage = request.perPage ?? LIST_PAGE_SIZE;
  const query = {
    search: request.search || undefined,
    sort: request.sort.field,
    order: request.sort.order,
    per_page: perPage,
    ...request.filters,
  };
  const result = useInfiniteQuery({
    queryKey: resourceKeys.list(scope, query),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<LoadedPage> => {
      const { data, totalCount } = await fetchPage(scope, { ...query, page: pageParam }, signal);
      return { rows: data, page: pageParam, total: totalCount };
    },
    getNextPageParam: (last, pages) => nextPageNumber(pages, perPage, last.total),
    placeholderData: keepPreviousData,
    enabled,
    refetchOnMount: fresh ? 'always' : true,
  });
  const rows = result.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = result.data?.pages[0]?.total;
  return { ...result, rows, total };
}
