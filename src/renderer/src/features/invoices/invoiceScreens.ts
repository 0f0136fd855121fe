import type { AreaRoute } from '../../app/area/areaTypes';
import { msg } from '../../i18n/msg';
import { DocumentPage } from './DocumentPage';
import { DocumentsPage } from './DocumentsPage';

// Receipts and invoices: the office's list and a document's page, in the admin menu after the
// funds (beyond spec §2's list, which names no invoices screen; docs/finance.md) and linked
// from the finance screens (docs/finance-mydata.md).
export const invoiceRoutes: { admin: AreaRoute[] } = {
  admin: [
    { path: 'invoices', title: msg('Receipts and invoices'), page: DocumentsPage },
    { path: 'invoices/:invoice_id', title: msg('Document'), page: DocumentPage },
  ],
};
