import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  financeEndpoints as api,
  type ChargeBody,
  type DiscountBody,
  type PaymentBody,
  type TransactionBody,
  type TransactionsQuery,
  type TransferBody,
} from '../../../../shared/api/finance';
import type { Role } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';
import { fetchOptions } from '../../resources/resourceApi';

// Finance's calls and query keys, and the one hook that owns its cache invalidations: any
// money written changes balances, accounts and the ledger together.

export interface FinanceScope {
  schoolId: number;
  role: Role;
}

const params = (scope: FinanceScope, extra: Record<string, number> = {}) => ({
  school_id: scope.schoolId,
  role: scope.role,
  ...extra,
});

export const financeKeys = {
  all: (scope: FinanceScope) => ['schools', scope.schoolId, scope.role, 'finance'] as const,
  funds: (scope: FinanceScope) => [...financeKeys.all(scope), 'funds'] as const,
  account: (scope: FinanceScope, clientId: number | 'mine') =>
    [...financeKeys.all(scope), 'account', clientId] as const,
  statement: (scope: FinanceScope, clientId: number) =>
    [...financeKeys.all(scope), 'statement', clientId] as const,
  transactions: (scope: FinanceScope, query: Partial<TransactionsQuery>) =>
    [...financeKeys.all(scope), 'transactions', query] as const,
  totals: (scope: FinanceScope, query: Partial<TransactionsQuery>) =>
    [...financeKeys.all(scope), 'totals', query] as const,
  transaction: (scope: FinanceScope, id: number) =>
    [...financeKeys.all(scope), 'transaction', id] as const,
};

export const getFunds = async (scope: FinanceScope) =>
  (await callEndpoint(api.funds, { params: params(scope) })).data;

export const getTransactions = async (scope: FinanceScope, query: Partial<TransactionsQuery>) =>
  callEndpoint(api.transactions, { params: params(scope), query });

export const getTotals = async (scope: FinanceScope, query: Partial<TransactionsQuery>) =>
  (await callEndpoint(api.transactionTotals, { params: params(scope), query })).data;

export const getTransaction = async (scope: FinanceScope, id: number) =>
  (await callEndpoint(api.transaction, { params: params(scope, { transaction_id: id }) })).data;

export const getAccount = async (scope: FinanceScope, clientId: number) =>
  (await callEndpoint(api.clientAccount, { params: params(scope, { client_id: clientId }) })).data;

export const getMyAccount = async (scope: FinanceScope) =>
  (await callEndpoint(api.myAccount, { params: params(scope) })).data;

export const getStatement = async (scope: FinanceScope, clientId: number) =>
  (await callEndpoint(api.statement, { params: params(scope, { client_id: clientId }) })).data;

/** A key per intent, made once when the form opens: a double click or a retry pays once. */
export const newIdempotencyKey = () =>
  // getRandomValues works on plain-HTTP school networks too, where randomUUID does not.
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

export const recordPayment = async (
  scope: FinanceScope,
  clientId: number,
  body: PaymentBody,
  idempotencyKey: string,
) =>
  (
    await callEndpoint(api.recordPayment, {
      params: params(scope, { client_id: clientId }),
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

export const chargeClient = async (
  scope: FinanceScope,
  clientId: number,
  body: ChargeBody,
  idempotencyKey: string,
) =>
  (
    await callEndpoint(api.charge, {
      params: params(scope, { client_id: clientId }),
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

export const changeDiscount = async (
  scope: FinanceScope,
  chargeId: number,
  discount: DiscountBody | null,
) =>
  (
    await callEndpoint(api.updateCharge, {
      params: params(scope, { charge_id: chargeId }),
      body: { discount },
    })
  ).data;

export const cancelCharge = async (scope: FinanceScope, chargeId: number) =>
  (await callEndpoint(api.cancelCharge, { params: params(scope, { charge_id: chargeId }) })).data;

export const chargeEnrolled = async (scope: FinanceScope, pricingItemId: number) =>
  (
    await callEndpoint(api.chargeEnrolled, {
      params: params(scope, { pricing_item_id: pricingItemId }),
    })
  ).data;

export const recordTransaction = async (
  scope: FinanceScope,
  body: TransactionBody,
  idempotencyKey: string,
) =>
  (
    await callEndpoint(api.createTransaction, {
      params: params(scope),
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

export const recordTransfer = async (
  scope: FinanceScope,
  body: TransferBody,
  idempotencyKey: string,
) =>
  (
    await callEndpoint(api.transfer, {
      params: params(scope),
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

/** Choices of a declared resource (suppliers, pricing items, clients) for the finance forms. */
export const optionsOf = (scope: FinanceScope, resource: string, search = '') =>
  fetchOptions({ ...scope, resource }, search);

/** Drops every finance answer of this school and role: money written changes them together. */
export function useFinanceInvalidation(scope: FinanceScope) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: financeKeys.all(scope) }),
    [queryClient, scope],
  );
}
