import { Checkbox, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { InstallmentRow } from '../../../../shared/api/finance';
import { formatMoney } from '../../../../shared/finance/money';
import { MoneyInput } from '../../components/MoneyInput';
import { dayText, STATE_LABELS } from './financeFormat';

const useStyles = makeStyles({
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    border: 'none',
    minWidth: 0,
  },
  legend: {
    padding: 0,
    fontWeight: tokens.fontWeightSemibold,
    marginBottom: tokens.spacingVerticalS,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  what: { flexGrow: 1, flexBasis: '200px', minWidth: 0 },
  amount: { width: '140px', flexShrink: 0 },
  // Fluent's input keeps its own minimum width; here it fits the column.
  amountInput: { width: '100%', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** The amount typed for each chosen installment, by installment id. */
export type ChosenAmounts = Record<number, number | string | null>;

/** A problem with one chosen amount, in words for the field, or undefined. */
export function chosenAmountProblem(
  value: number | string | null | undefined,
  outstanding: number,
): string | undefined {
  if (typeof value !== 'number' || value <= 0) return 'Enter an amount';
  if (value > outstanding) return 'More than this installment still owes';
  return undefined;
}

const describe = (i: InstallmentRow) =>
  `${i.description}${i.count > 1 ? ` (${i.seq}/${i.count})` : ''}${i.student_name ? ` · ${i.student_name}` : ''}`;

/**
 * The office's choice of what a payment pays: each open installment with a box to tick and,
 * once ticked, how much of it (what it still owes unless changed).
 */
export function InstallmentChoice({
  open,
  chosen,
  onChange,
}: {
  open: InstallmentRow[];
  chosen: ChosenAmounts;
  onChange: (chosen: ChosenAmounts) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  if (open.length === 0) return <Text className={styles.muted}>{t('Nothing is owed.')}</Text>;
  return (
    <fieldset className={styles.group} data-testid="installment-choice">
      <legend className={styles.legend}>{t('Installments to pay')}</legend>
      {open.map((i) => {
        const outstanding = i.amount_cents - i.paid_cents;
        const ticked = i.id in chosen;
        const problem = ticked ? chosenAmountProblem(chosen[i.id], outstanding) : undefined;
        return (
          <div key={i.id} className={styles.row} data-testid="installment-choice-row">
            <Checkbox
              className={styles.what}
              checked={ticked}
              onChange={(_event, data) => {
                const next = { ...chosen };
                if (data.checked) next[i.id] = outstanding;
                else delete next[i.id];
                onChange(next);
              }}
              label={
                <span>
                  {describe(i)}
                  <br />
                  <span className={styles.muted}>
                    {t('Due {{date}} · owes {{amount}} · {{state}}', {
                      date: dayText(i.due_date, i18n.language),
                      amount: formatMoney(outstanding),
                      state: t(STATE_LABELS[i.state]),
                    })}
                  </span>
                </span>
              }
            />
            {ticked && (
              <Field className={styles.amount} validationMessage={problem ? t(problem) : undefined}>
                <MoneyInput
                  className={styles.amountInput}
                  aria-label={t('Amount for {{installment}}', { installment: describe(i) })}
                  value={chosen[i.id]}
                  onChange={(value) => onChange({ ...chosen, [i.id]: value })}
                  data-testid="installment-choice-amount"
                />
              </Field>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
