import { incomeAndExpense } from '../../finance/ledger';
import { defineReport } from '../definition';
import { msg } from '../msg';
import { datesOf } from '../scope';

// The school's income and expenses month by month and category, over a period (a school
// year). Read from the finance area's own month totals, which it keeps with every ledger
// row, so a year of a large school is a few hundred rows; transfers between funds are
// neither income nor expense.
export const incomeExpenseByMonth = defineReport({
  id: 'income-expense-by-month',
  title: msg('Income and expenses by month'),
  description: msg('Income and expenses of each month by category, with the net result.'),
  resource: 'transactions',
  filters: [
    {
      key: 'period_id',
      kind: 'period',
      label: msg('Period'),
      required: true,
      defaultsTo: 'current',
    },
  ],
  columns: [
    { key: 'month', label: msg('Month'), type: 'text' },
    { key: 'category', label: msg('Category'), type: 'text' },
    { key: 'income', label: msg('Income'), type: 'money-cents' },
    { key: 'expense', label: msg('Expenses'), type: 'money-cents' },
    { key: 'net', label: msg('Net'), type: 'money-cents' },
  ],
  totals: ['income', 'expense', 'net'],
  chart: { kind: 'bar', x: 'month', y: ['income', 'expense'] },
  async rows({ db, schoolId, filters }) {
    const period = await datesOf(db, schoolId, 'periods', filters.period_id);
    const rows = await incomeAndExpense(db, schoolId, {
      from: period ? period.start_date.slice(0, 7) : '0000-00',
      to: period ? period.end_date.slice(0, 7) : '9999-99',
    });
    return rows
      .filter((r) => r.income_cents !== 0 || r.expense_cents !== 0)
      .map((r) => ({
        month: r.month,
        category: r.category_name ?? '—',
        income: r.income_cents,
        expense: r.expense_cents,
        net: r.income_cents - r.expense_cents,
      }))
      .sort((a, b) => a.month.localeCompare(b.month) || a.category.localeCompare(b.category, 'el'));
  },
});
