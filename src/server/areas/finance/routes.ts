import type { FastifyInstance } from 'fastify';
import { financeEndpoints as api } from '../../../shared/api/finance';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { forbidden } from '../../http/errors';
import { statementOf } from './account';
import {
  fundBalances,
  incomeAndExpense,
  listTransactions,
  recordTransaction,
  recordTransfer,
  transactionDetail,
  transactionTotals,
} from './ledger';
import {
  assertMayReadAccount,
  assertMayReadFunds,
  assertMayReadLedger,
  assertMayWriteMoney,
  financeCaller,
} from './policy';
import './reminders';
import {
  cancelCharge,
  changeDiscount,
  chargeClient,
  chargeEnrolled,
  readAccount,
  recordPayment,
  todayOf,
} from './service';

/** Payers' accounts, charges and payments, the ledger and the funds' balances. */
export function financeRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.funds, async ({ ctx }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayReadFunds(caller);
    return fundBalances(deps.db, caller.schoolId);
  });
  route(app, deps, api.transactions, async ({ ctx, query }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayReadLedger(caller);
    return listTransactions(deps.db, caller.schoolId, query);
  });
  route(app, deps, api.transactionTotals, async ({ ctx, query }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayReadLedger(caller);
    return transactionTotals(deps.db, caller.schoolId, query);
  });
  route(app, deps, api.incomeAndExpense, async ({ ctx, query }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayReadLedger(caller);
    return incomeAndExpense(deps.db, caller.schoolId, query);
  });
  route(app, deps, api.transaction, async ({ ctx, params }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayReadLedger(caller);
    return transactionDetail(deps.db, caller.schoolId, params.transaction_id);
  });
  route(app, deps, api.createTransaction, async ({ ctx, body }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayWriteMoney(caller);
    const nowIso = deps.now().toISOString();
    const id = await deps.db
      .transaction()
      .execute((trx) => recordTransaction(trx, caller.schoolId, body, caller.userId, nowIso));
    return transactionDetail(deps.db, caller.schoolId, id);
  });
  route(app, deps, api.transfer, async ({ ctx, body }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayWriteMoney(caller);
    const nowIso = deps.now().toISOString();
    const ids = await deps.db
      .transaction()
      .execute((trx) => recordTransfer(trx, caller.schoolId, body, caller.userId, nowIso));
    return Promise.all(ids.map((id) => transactionDetail(deps.db, caller.schoolId, id)));
  });
  route(app, deps, api.clientAccount, async ({ ctx, params }) =>
    readAccount(deps, await financeCaller(deps, ctx), params.client_id),
  );
  route(app, deps, api.myAccount, async ({ ctx }) => {
    const caller = await financeCaller(deps, ctx);
    if (caller.me === null) throw forbidden('Only a paying family has an account of its own.');
    return readAccount(deps, caller, caller.me);
  });
  route(app, deps, api.statement, async ({ ctx, params, query }) => {
    const caller = await financeCaller(deps, ctx);
    assertMayReadAccount(caller, params.client_id);
    return statementOf(deps.db, caller, params.client_id, {
      from: query.from,
      to: query.to ?? todayOf(deps),
    });
  });
  route(app, deps, api.charge, async ({ ctx, params, body }) =>
    chargeClient(deps, ctx, await financeCaller(deps, ctx), params.client_id, body),
  );
  route(app, deps, api.updateCharge, async ({ ctx, params, body }) =>
    changeDiscount(deps, ctx, await financeCaller(deps, ctx), params.charge_id, body.discount),
  );
  route(app, deps, api.cancelCharge, async ({ ctx, params }) =>
    cancelCharge(deps, ctx, await financeCaller(deps, ctx), params.charge_id),
  );
  route(app, deps, api.chargeEnrolled, async ({ ctx, params }) =>
    chargeEnrolled(deps, ctx, await financeCaller(deps, ctx), params.pricing_item_id),
  );
  route(app, deps, api.recordPayment, async ({ ctx, params, body }) =>
    recordPayment(deps, ctx, await financeCaller(deps, ctx), params.client_id, body),
  );
}
