import { planProblem, type Schedule } from '../../../shared/finance/plan';
import { VAT_FREE_CATEGORIES, vatCategoryOf } from '../../../shared/finance/vat';
import { validationError } from '../../http/errors';
import type { ResourceHooks } from '../../resources/hooks';
import { mergeCategoryTotals } from './ledger-totals';

// Finance's rules for the engine's pricing items: a plan that can be made (monthly needs its
// last month, installments their number) and a VAT category with an exemption reason exactly
// when it carries no VAT (myDATA refuses either mistake).

export const pricingItemHooks: ResourceHooks = {
  async beforeSave(_save, values) {
    const schedule = values.schedule as Schedule;
    if (schedule !== 'monthly') values.end_date = null;
    if (schedule !== 'installments') values.installments = null;
    const problem = planProblem({
      schedule,
      amount_cents: Number(values.amount_cents),
      start_date: String(values.start_date),
      end_date: (values.end_date as string | null) ?? null,
      installments: values.installments === null ? null : Number(values.installments),
    });
    if (problem) throw validationError({ [problem.field]: problem.message }, problem.message);
    const vatFree = VAT_FREE_CATEGORIES.includes(vatCategoryOf(values.vat_category));
    const exemption = values.vat_exemption;
    const hasExemption =
      exemption !== null && exemption !== undefined && exemption !== '' && Number(exemption) > 0;
    if (vatFree && !hasExemption)
      throw validationError({ vat_exemption: 'Without VAT, myDATA needs the exemption reason' });
    if (!vatFree && hasExemption)
      throw validationError({
        vat_exemption: 'An exemption reason goes only with a category without VAT',
      });
    if (!vatFree) values.vat_exemption = null;
  },
};

/**
 * The school's categories (the structure area's): one deleted takes its rows' month totals to
 * those without a category, as the foreign key takes its rows, in the deletion's transaction.
 */
export const categoryLedgerTotals = (hooks: ResourceHooks): ResourceHooks => ({
  ...hooks,
  async beforeDelete(save, id) {
    await hooks.beforeDelete?.(save, id);
    await mergeCategoryTotals(save.trx, save.ctx.schoolId!, id);
  },
});
