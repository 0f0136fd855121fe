import { invoiceEndpoints as api, type InvoicingProfile } from '../../../../shared/api/invoices';
import { callEndpoint } from '../../api/client';
import type { InvoiceScope } from './documentCalls';

// The office's calls on documents (the list and the PDF are in documentCalls.ts).

export { invoiceKeys, listDocuments, documentPdf } from './documentCalls';
export type { DocumentsFilter, InvoiceScope } from './documentCalls';

const at = (scope: InvoiceScope) => ({ school_id: scope.schoolId, role: scope.role });

export const documentDetail = async (scope: InvoiceScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(api.detail, { params: { ...at(scope), id }, signal })).data;

export const resendDocument = async (scope: InvoiceScope, id: number) =>
  (await callEndpoint(api.send, { params: { ...at(scope), id } })).data;

export const cancelDocument = async (scope: InvoiceScope, id: number, issueDate: string) =>
  (
    await callEndpoint(api.cancel, {
      params: { ...at(scope), id },
      body: { issue_date: issueDate },
    })
  ).data;

export const mydataReadiness = async (scope: InvoiceScope, signal?: AbortSignal) =>
  (await callEndpoint(api.readiness, { params: at(scope), signal })).data;

export const invoicingProfile = async (scope: InvoiceScope, signal?: AbortSignal) =>
  (await callEndpoint(api.profile, { params: at(scope), signal })).data;

export const saveInvoicingProfile = async (scope: InvoiceScope, profile: InvoicingProfile) =>
  (await callEndpoint(api.updateProfile, { params: at(scope), body: profile })).data;
