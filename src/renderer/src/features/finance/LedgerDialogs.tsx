import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  tokens,
} from '@fluentui/react-components';
import { ArrowSwap20Regular, Add20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { useDropdownSlots } from '../../components/fluentSlots';
import { announce } from '../../components/LiveAnnouncer';
import { MoneyInput } from '../../components/MoneyInput';
import {
  financeKeys,
  getFunds,
  newIdempotencyKey,
  optionsOf,
  recordTransaction,
  recordTransfer,
  useFinanceInvalidation,
} from './financeApi';
import { todayDay } from './financeFormat';

// The office's own entries in the ledger: an expense (with its supplier) or another income,
// and a transfer between two funds. Each opening of a dialog is one entry with its own key.

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface Choice {
  id: number;
  label: string;
}

function ChoiceField({
  label,
  choices,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  choices: Choice[];
  value: number | null;
  onChange: (id: number) => void;
  error?: string;
  testId?: string;
}) {
  const slots = useDropdownSlots();
  return (
    <Field label={label} required validationMessage={error}>
      <Dropdown
        {...slots}
        value={choices.find((c) => c.id === value)?.label ?? ''}
        selectedOptions={value ? [String(value)] : []}
        onOptionSelect={(_event, data) => onChange(Number(data.optionValue))}
        data-testid={testId}
      >
        {choices.map((c) => (
          <Option key={c.id} value={String(c.id)}>
            {c.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

function LedgerDialog({
  trigger,
  title,
  children,
}: {
  trigger: ReactElement;
  title: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>{trigger}</DialogTrigger>
      {/* Mounted only while open: each opening is a new entry with a new key. */}
      <DialogSurface aria-label={title}>{children(() => setOpen(false))}</DialogSurface>
    </Dialog>
  );
}

function useFundChoices() {
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const funds = useQuery({ queryKey: financeKeys.funds(scope), queryFn: () => getFunds(scope) });
  return (funds.data ?? []).filter((f) => f.active).map((f) => ({ id: f.id, label: f.name }));
}

export function ExpenseButton() {
  const { t } = useTranslation();
  return (
    <LedgerDialog
      title={t('New expense')}
      trigger={
        <Button icon={<Add20Regular />} data-testid="new-expense">
          {t('New expense')}
        </Button>
      }
    >
      {(close) => <ExpenseForm onClose={close} />}
    </LedgerDialog>
  );
}

function ExpenseForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, categories } = useArea();
  const scope = { schoolId, role };
  const invalidate = useFinanceInvalidation(scope);
  const funds = useFundChoices();
  const [key] = useState(newIdempotencyKey);
  const [kind, setKind] = useState<'expense' | 'income'>('expense');
  const [fund, setFund] = useState<number | null>(null);
  const [category, setCategory] = useState<number | null>(null);
  const [supplier, setSupplier] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | string | null>(null);
  const [date, setDate] = useState(todayDay);
  const [description, setDescription] = useState('');
  const suppliers = useQuery({
    queryKey: ['schools', schoolId, role, 'resources', 'suppliers', 'options', ''],
    queryFn: () => optionsOf(scope, 'suppliers'),
  });
  const slots = useDropdownSlots();
  const save = useMutation({
    mutationFn: () =>
      recordTransaction(
        scope,
        {
          kind,
          fund_id: fund ?? 0,
          category_id: category ?? 0,
          supplier_id: supplier ?? undefined,
          amount_cents: typeof amount === 'number' ? amount : 0,
          date,
          description,
        },
        key,
      ),
    onSuccess: async () => {
      await invalidate();
      announce(t('Saved.'));
      onClose();
    },
  });
  const errors = save.error
    ? formErrors(
        save.error,
        ['fund_id', 'category_id', 'supplier_id', 'amount_cents', 'date', 'description'],
        t,
      )
    : null;
  const kinds = [
    ['expense', t('Expense')],
    ['income', t('Income')],
  ] as const;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <DialogBody>
        <DialogTitle>{t('New expense')}</DialogTitle>
        <DialogContent className={styles.content}>
          {errors?.general && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{errors.general}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('Kind')} required>
            <Dropdown
              {...slots}
              value={kinds.find(([k]) => k === kind)![1]}
              selectedOptions={[kind]}
              onOptionSelect={(_e, d) => setKind(d.optionValue as 'expense' | 'income')}
            >
              {kinds.map(([k, label]) => (
                <Option key={k} value={k}>
                  {label}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <ChoiceField
            label={t('Fund')}
            choices={funds}
            value={fund}
            onChange={setFund}
            error={errors?.fields.fund_id}
          />
          <ChoiceField
            label={t('Category')}
            choices={categories
              .filter((c) => c.type === kind)
              .map((c) => ({ id: c.id, label: c.name }))}
            value={category}
            onChange={setCategory}
            error={errors?.fields.category_id}
          />
          {kind === 'expense' && (
            <ChoiceField
              label={t('Supplier')}
              choices={suppliers.data ?? []}
              value={supplier}
              onChange={setSupplier}
              error={errors?.fields.supplier_id}
            />
          )}
          <Field label={t('Amount')} required validationMessage={errors?.fields.amount_cents}>
            <MoneyInput value={amount} onChange={setAmount} />
          </Field>
          <Field label={t('Date')} required validationMessage={errors?.fields.date}>
            <Input type="date" value={date} onChange={(_e, d) => setDate(d.value)} />
          </Field>
          <Field label={t('Description')} required validationMessage={errors?.fields.description}>
            <Input value={description} onChange={(_e, d) => setDescription(d.value)} />
          </Field>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button appearance="primary" type="submit" disabled={save.isPending}>
            {t('Save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}

export function TransferButton() {
  const { t } = useTranslation();
  return (
    <LedgerDialog
      title={t('Transfer between funds')}
      trigger={
        <Button icon={<ArrowSwap20Regular />} data-testid="new-transfer">
          {t('Transfer')}
        </Button>
      }
    >
      {(close) => <TransferForm onClose={close} />}
    </LedgerDialog>
  );
}

function TransferForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidate = useFinanceInvalidation(scope);
  const funds = useFundChoices();
  const [key] = useState(newIdempotencyKey);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | string | null>(null);
  const [date, setDate] = useState(todayDay);
  const [description, setDescription] = useState('');
  const save = useMutation({
    mutationFn: () =>
      recordTransfer(
        scope,
        {
          from_fund_id: from ?? 0,
          to_fund_id: to ?? 0,
          amount_cents: typeof amount === 'number' ? amount : 0,
          date,
          description: description || undefined,
        },
        key,
      ),
    onSuccess: async () => {
      await invalidate();
      announce(t('Saved.'));
      onClose();
    },
  });
  const errors = save.error
    ? formErrors(save.error, ['from_fund_id', 'to_fund_id', 'amount_cents', 'date'], t)
    : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <DialogBody>
        <DialogTitle>{t('Transfer between funds')}</DialogTitle>
        <DialogContent className={styles.content}>
          {errors?.general && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{errors.general}</MessageBarBody>
            </MessageBar>
          )}
          <ChoiceField
            label={t('From fund')}
            choices={funds}
            value={from}
            onChange={setFrom}
            error={errors?.fields.from_fund_id}
          />
          <ChoiceField
            label={t('To fund')}
            choices={funds}
            value={to}
            onChange={setTo}
            error={errors?.fields.to_fund_id}
          />
          <Field label={t('Amount')} required validationMessage={errors?.fields.amount_cents}>
            <MoneyInput value={amount} onChange={setAmount} />
          </Field>
          <Field label={t('Date')} required validationMessage={errors?.fields.date}>
            <Input type="date" value={date} onChange={(_e, d) => setDate(d.value)} />
          </Field>
          <Field label={t('Description')}>
            <Input value={description} onChange={(_e, d) => setDescription(d.value)} />
          </Field>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button appearance="primary" type="submit" disabled={save.isPending}>
            {t('Save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
