import { screenPages } from '../../resources/screenPages';
import { adminClientsScreen } from '../people/peopleScreens';
import { ClientAccountSection } from './ClientAccountSection';
import { FundsPage } from './FundsPage';
import {
  FundLedgerSection,
  PricingItemChargeSection,
  SupplierLedgerSection,
} from './LedgerSections';
import { TransactionPage } from './TransactionPage';
import { TransactionsPage } from './TransactionsPage';

// The office's finance screens: the declared records (pricing items, suppliers, funds) with
// their finance sections, the ledger's own pages, and the payer's account under a client.

export const financeScreens = {
  admin: {
    pricingItems: screenPages({
      resource: 'pricing_items',
      listPath: 'pricing_items',
      detailPath: 'pricing_items',
      idParam: 'pricing_item_id',
      sections: [PricingItemChargeSection],
    }),
    suppliers: screenPages({
      resource: 'suppliers',
      listPath: 'suppliers',
      detailPath: 'supplier',
      idParam: 'supplier_id',
      sections: [SupplierLedgerSection],
    }),
    funds: {
      list: FundsPage,
      detail: screenPages({
        resource: 'funds',
        listPath: 'funds',
        detailPath: 'funds',
        idParam: 'fund_id',
        sections: [FundLedgerSection],
      }).detail,
    },
    transactions: { list: TransactionsPage, detail: TransactionPage },
    clients: screenPages({ ...adminClientsScreen, sections: [ClientAccountSection] }),
  },
};
