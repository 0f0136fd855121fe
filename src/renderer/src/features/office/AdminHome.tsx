import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AdminHomeCard, AdminHomeCardKind } from '../../../../shared/api/office';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { SchoolSummary } from '../../app/area/WelcomeHome';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate, formatTime } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { formatMoney } from '../../../../shared/finance/money';
import { useAdminHome } from './officeApi';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(280px, 100%), 1fr))',
    alignItems: 'start',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  cardHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  heading: { margin: 0, flexGrow: 1 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: { display: 'flex', flexDirection: 'column', gap: '2px', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  setup: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusLarge,
  },
});

/** Each card's heading, its empty text and its "see all" text (a finance card adds its own). */
const CARD_TEXTS: Record<AdminHomeCardKind, { title: string; empty: string; all: string }> = {
  lessons_now: {
    title: msg('Lessons now'),
    empty: msg('No lesson is running right now.'),
    all: msg('All lessons'),
  },
  sessions_live: {
    title: msg('Live sessions'),
    empty: msg('No live session is running.'),
    all: msg('All lessons'),
  },
  absences_today: {
    title: msg('Absences today'),
    empty: msg('No absences recorded today.'),
    all: msg('All absences'),
  },
  installments_overdue: {
    title: msg('Overdue installments'),
    empty: msg('No installment is overdue.'),
    all: msg('All payers'),
  },
  payments_today: {
    title: msg('Payments today'),
    empty: msg('No payment recorded today.'),
    all: msg('All transactions'),
  },
  mydata_problems: {
    title: msg('myDATA problems'),
    empty: msg('Every document is with myDATA.'),
    all: msg('All receipts and invoices'),
  },
  announcements_latest: {
    title: msg('Latest announcements'),
    empty: msg('No announcements yet.'),
    all: msg('All announcements'),
  },
};

/** The office's home: the school today, each card leading to its screen (one call). */
export function AdminHome() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, basePath } = useArea();
  const home = useAdminHome(schoolId);
  const data = home.data;

  const itemLine = (card: AdminHomeCard, item: AdminHomeCard['items'][number]) => {
    const parts: string[] = [];
    if (card.kind === 'announcements_latest' && item.start)
      parts.push(formatLongDate(item.start, i18n.language, true));
    else if (item.start && item.end)
      parts.push(
        `${formatTime(item.start, i18n.language)} – ${formatTime(item.end, i18n.language)}`,
      );
    if (item.subtitle) parts.push(item.subtitle);
    if (item.count !== null)
      parts.push(
        card.kind === 'installments_overdue'
          ? t('Installments: {{count}}', { count: item.count })
          : t('Absences: {{count}}', { count: item.count }),
      );
    if (item.amount_cents !== null) parts.push(formatMoney(item.amount_cents));
    return parts.join(' · ');
  };

  return (
    <PageFrame
      title={t('Home')}
      actions={
        <Button
          icon={<ArrowClockwise20Regular />}
          onClick={() => void home.refetch()}
          disabledFocusable={home.isFetching}
        >
          {t('Refresh')}
        </Button>
      }
    >
      <SchoolSummary greeting />
      {home.isError && !data && <Text role="alert">{t(apiErrorText(home.error))}</Text>}
      {!data ? (
        !home.isError && <Spinner label={t('Loading...')} />
      ) : (
        <>
          {data.first_steps_open > 0 && (
            <section className={styles.setup} data-testid="home-first-steps">
              <Text weight="semibold">
                {t('Steps left to set up the school: {{count}}', {
                  count: data.first_steps_open,
                })}
              </Text>
              <AppLink to={`${basePath}/firs-steps`}>{t('Open the first steps')}</AppLink>
            </section>
          )}
          <div className={styles.grid}>
            {data.cards.map((card) => {
              const texts = CARD_TEXTS[card.kind];
              const headingId = `home-card-${card.kind}`;
              return (
                <section
                  key={card.kind}
                  className={styles.card}
                  aria-labelledby={headingId}
                  data-testid={headingId}
                >
                  <div className={styles.cardHead}>
                    <Text
                      as="h3"
                      id={headingId}
                      size={500}
                      weight="semibold"
                      className={styles.heading}
                    >
                      {t(texts.title)}
                    </Text>
                    <Badge appearance="tint" size="large">
                      {card.count}
                    </Badge>
                  </div>
                  {card.amount_cents !== null && card.count > 0 && (
                    <Text weight="semibold" data-testid={`${headingId}-total`}>
                      {t('Total: {{amount}}', { amount: formatMoney(card.amount_cents) })}
                    </Text>
                  )}
                  {card.items.length === 0 ? (
                    <Text className={styles.muted}>{t(texts.empty)}</Text>
                  ) : (
                    <ul className={styles.list}>
                      {card.items.map((item) => (
                        <li key={item.id} className={styles.item}>
                          {item.link ? (
                            <AppLink to={`${basePath}/${item.link}`}>{item.title}</AppLink>
                          ) : (
                            <Text weight="semibold">{item.title}</Text>
                          )}
                          <Text size={200} className={styles.muted}>
                            {itemLine(card, item)}
                          </Text>
                        </li>
                      ))}
                    </ul>
                  )}
                  {card.link && <AppLink to={`${basePath}/${card.link}`}>{t(texts.all)}</AppLink>}
                </section>
              );
            })}
          </div>
        </>
      )}
    </PageFrame>
  );
}
