import type { DocumentsQuery, invoiceEndpoints } from '../../../../shared/api/invoices';
import type { Endpoint } from '../../../../shared/api/endpoint';
import type { Role } from '../../../../shared/constants';
import { callRoute, type EndpointRoute } from '../../api/client';
import { downloadFile } from '../../api/fileTransfer';

// The calls the parent's home makes (their receipts and a receipt's PDF), as method and path
// only: the home is in the area's first chunk, and the shared endpoint table would bring zod
// and every schema with it (as accountRoutes.ts does for sign-in). Typed by the table's entries.

export interface InvoiceScope {
  schoolId: number;
  role: Role;
}

const route = <E extends Endpoint>(method: E['method'], path: E['path']): EndpointRoute<E> => ({
  method,
  path,
});
export const documentRoutes = {
  list: route<(typeof invoiceEndpoints)['list']>('GET', '/schools/:school_id/:role/invoices'),
};

export type DocumentsFilter = Partial<Omit<DocumentsQuery, 'page' | 'per_page' | 'order'>> & {
  page: number;
  per_page: number;
};

/** Every query key of these screens starts here, so one invalidation reaches them all. */
export const invoiceKeys = {
  all: (scope: InvoiceScope) => ['schools', scope.schoolId, scope.role, 'invoices'] as const,
  list: (scope: InvoiceScope, filter: DocumentsFilter) =>
    [...invoiceKeys.all(scope), 'list', filter] as const,
  detail: (scope: InvoiceScope, id: number) => [...invoiceKeys.all(scope), 'detail', id] as const,
  readiness: (scope: InvoiceScope) => [...invoiceKeys.all(scope), 'readiness'] as const,
  profile: (scope: InvoiceScope) => [...invoiceKeys.all(scope), 'profile'] as const,
};

/** How many of their documents a payer's home card lists (PayerReceipts). */
export const PAYER_RECEIPTS_SHOWN = 12;

/**
 * A payer's newest documents: the parent's home card, and the start's prefetch of that home
 * (features/home/homeApi.ts), into the same cache entry.
 */
export const payerDocumentsQuery = (scope: InvoiceScope, limit = PAYER_RECEIPTS_SHOWN) => {
  const filter = { page: 1, per_page: limit };
  return {
    queryKey: invoiceKeys.list(scope, filter),
    queryFn: ({ signal }: { signal: AbortSignal }) => listDocuments(scope, filter, signal),
  };
};

export async function listDocuments(
  scope: InvoiceScope,
  filter: DocumentsFilter,
  signal?: AbortSignal,
) {
  const answer = await callRoute(documentRoutes.list, {
    params: { school_id: scope.schoolId, role: scope.role },
    query: { ...filter, order: 'desc' },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
}

/** The document's PDF, as a file to save. */
export const documentPdf = (scope: InvoiceScope, id: number) =>
  downloadFile(`/schools/${scope.schoolId}/${scope.role}/invoices/${id}/pdf`, {});
