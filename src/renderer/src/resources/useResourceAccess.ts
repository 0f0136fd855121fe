import { useMemo } from 'react';
import type { ResourceDefinition } from '../../../shared/resources';
import { useArea } from '../app/area/AreaContext';
import type { ResourceScope } from './resourceApi';

export interface ResourceAccess {
  scope: ResourceScope;
  read: boolean;
  write: boolean;
}

/**
 * The caller's read and write on a resource in the current area (spec §6: a list is hidden when
 * its read is false). Without an answer yet the server's own check decides.
 */
export function useResourceAccess(resource: ResourceDefinition): ResourceAccess {
  const { schoolId, role, permissions } = useArea();
  return useMemo(() => {
    const entry = permissions?.find((p) => p.resource === resource.permission);
    return {
      scope: { schoolId, role, resource: resource.name },
      read: entry ? entry.read : true,
      write: entry ? entry.write : role === 'admin',
    };
  }, [permissions, resource, role, schoolId]);
}
