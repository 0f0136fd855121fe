import type { Role } from '../../../shared/constants';
import type { RecordAbilities } from '../../../shared/resources';
import { apiRequest } from '../api/client';

/**
 * A row of a list or a record of a detail: API values by field name, and what the caller may do
 * with it (absent from older servers).
 */
export type ResourceRecord = Record<string, unknown> & { id: number; abilities?: RecordAbilities };
export interface Option {
  id: number;
  label: string;
}
/** A record as GET /:id answers it: link arrays and the labels of what it points at. */
export type DetailRecord = ResourceRecord & { labels?: Record<string, Option[]> };

export interface ResourceScope {
  schoolId: number;
  role: Role;
  resource: string;
}

export const resourcePath = ({ schoolId, role, resource }: ResourceScope, suffix = '') =>
  `/schools/${schoolId}/${role}/${resource}${suffix}`;

/** Query keys of the resource screens, under the school's prefix that logout and impersonation drop. */
export const resourceKeys = {
  all: (scope: ResourceScope) =>
    ['schools', scope.schoolId, scope.role, 'resources', scope.resource] as const,
  list: (scope: ResourceScope, query: Record<string, unknown>) =>
    [...resourceKeys.all(scope), 'list', query] as const,
  record: (scope: ResourceScope, id: number) => [...resourceKeys.all(scope), 'record', id] as const,
  options: (scope: ResourceScope, search: string) =>
    [...resourceKeys.all(scope), 'options', search] as const,
};

export type ListQuery = Record<string, string | number | undefined>;

export const fetchPage = (scope: ResourceScope, query: ListQuery, signal?: AbortSignal) =>
  apiRequest<ResourceRecord[]>('GET', resourcePath(scope), { query, signal });

export const fetchRecord = async (scope: ResourceScope, id: number, signal?: AbortSignal) =>
  (await apiRequest<DetailRecord>('GET', resourcePath(scope, `/${id}`), { signal })).data;

export const createRecord = async (scope: ResourceScope, body: Record<string, unknown>) =>
  (await apiRequest<DetailRecord>('POST', resourcePath(scope), { body })).data;

export const updateRecord = async (
  scope: ResourceScope,
  id: number,
  body: Record<string, unknown>,
) => (await apiRequest<DetailRecord>('PUT', resourcePath(scope, `/${id}`), { body })).data;

export const deleteRecord = (scope: ResourceScope, id: number) =>
  apiRequest<null>('DELETE', resourcePath(scope, `/${id}`));

/** Choices of a reference field: up to 50 records matching a search, as {id, label}. */
export async function fetchOptions(
  scope: ResourceScope,
  search: string,
  signal?: AbortSignal,
): Promise<Option[]> {
  return (
    await apiRequest<Option[]>('GET', resourcePath(scope, '/options'), {
      query: { search },
      signal,
    })
  ).data;
}
