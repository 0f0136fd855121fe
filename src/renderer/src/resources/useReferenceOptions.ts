import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useArea } from '../app/area/AreaContext';
import { normalizeSearch } from '../../../shared/search';
import { fetchOptions, resourceKeys, type Option } from './resourceApi';

/**
 * The choices of a reference field matching a search. Other roles than admin cannot list
 * categories; they pick from the school's categories that every area loads at start.
 */
export function useReferenceOptions(target: string, search: string, enabled: boolean) {
  const { schoolId, role, categories } = useArea();
  const scope = { schoolId, role, resource: target };
  const local = target === 'categories' && role !== 'admin';
  const query = useQuery({
    queryKey: resourceKeys.options(scope, search),
    queryFn: ({ signal }) => fetchOptions(scope, search, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && !local,
    staleTime: 60_000,
  });
  if (local) {
    const wanted = normalizeSearch(search);
    const options: Option[] = categories
      .filter((c) => normalizeSearch(c.name).includes(wanted))
      .map((c) => ({ id: c.id, label: c.name }));
    return { options, isFetching: false };
  }
  return { options: query.data ?? [], isFetching: query.isFetching };
}
