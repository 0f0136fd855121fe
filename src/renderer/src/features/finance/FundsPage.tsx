import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FundBalance } from '../../../../shared/api/finance';
import { formatMoney } from '../../../../shared/finance/money';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList } from '../../components/SimpleList';
import { financeKeys, getFunds } from './financeApi';

const useStyles = makeStyles({
  total: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** The funds (admin funds) with each balance, which is the sum of the fund's transactions. */
export function FundsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const funds = useQuery({ queryKey: financeKeys.funds(scope), queryFn: () => getFunds(scope) });
  const total = (funds.data ?? []).reduce((sum, f) => sum + f.balance_cents, 0);
  return (
    <PageFrame
      title={t('Funds')}
      actions={
        <Button icon={<Add20Regular />} onClick={() => navigate(`${basePath}/funds/new`)}>
          {t('New')}
        </Button>
      }
    >
      {funds.isError && <Text role="alert">{t(apiErrorText(funds.error))}</Text>}
      {!funds.data ? (
        !funds.isError && <Spinner label={t('Loading...')} />
      ) : funds.data.length === 0 ? (
        <Text className={styles.muted}>{t('Nothing Found')}</Text>
      ) : (
        <>
          <div className={styles.total}>
            <Text>{t('All funds')}</Text>
            <Text size={500} weight="semibold" data-testid="funds-total">
              {formatMoney(total)}
            </Text>
          </div>
          <SimpleList<FundBalance>
            rows={funds.data}
            rowKey={(f) => f.id}
            label={t('Funds')}
            testId="fund-row"
            columns={[
              {
                id: 'name',
                label: t('Name'),
                cell: (f) => <AppLink to={`${basePath}/funds/${f.id}`}>{f.name}</AppLink>,
              },
              { id: 'kind', label: t('Kind'), cell: (f) => t(f.kind) },
              { id: 'count', label: t('Transactions'), cell: (f) => String(f.transactions_count) },
              { id: 'active', label: t('Active'), cell: (f) => (f.active ? t('Yes') : t('No')) },
              { id: 'balance', label: t('Balance'), cell: (f) => formatMoney(f.balance_cents) },
            ]}
          />
        </>
      )}
    </PageFrame>
  );
}
