import type { AreaRoute } from '../../app/area/areaTypes';
import { msg } from '../../i18n/msg';
import { DocumentPage } from './DocumentPage';
import { DocumentsPage } from './DocumentsPage';

// Receipts and invoices: the office's list and a document's page. Not in the spec's admin menu
// (which the tests hold to spec §2): the finance screens link here (docs/finance-mydata.md).
export const invoiceRoutes: { admin: AreaRoute[] } = {
  admin: [
    { path: 'invoices', title: msg('Receipts and invoices'), page: DocumentsPage },
    { path: 'invoices/:invoice_id', title: msg('Document'), page: DocumentPage },
  ],
};
