import { useQuery } from '@tanstack/react-query';
import { fetchRecord, resourceKeys, type ResourceScope } from './resourceApi';

/** One record with its links and labels; idle without an id. */
export function useRecordQuery(scope: ResourceScope, id: number | null, enabled = true) {
  return useQuery({
    queryKey: resourceKeys.record(scope, id ?? 0),
    queryFn: ({ signal }) => fetchRecord(scope, id!, signal),
    enabled: enabled && id !== null,
    // A record's screen shows what is stored now, not what another screen cached.
    refetchOnMount: 'always',
  });
}
