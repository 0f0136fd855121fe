import { Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate } from '../../i18n/formatDate';
import { ROLE_LABELS } from '../roleLabels';
import { useAfterFirstPaint } from '../shell/useAfterFirstPaint';
import { useArea } from './AreaContext';

const PeriodPicker = lazy(() => import('./PeriodPicker'));

const useStyles = makeStyles({
  hero: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    borderTop: `4px solid ${tokens.colorBrandBackground}`,
  },
  compact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground2 },
  period: { maxWidth: '360px' },
});

/** The home of a role without a dashboard of its own (the office): welcome, school and period. */
export function WelcomeHome() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('Home')}>
      <SchoolSummary greeting />
    </PageFrame>
  );
}

/**
 * Where the user is: school, role and period (with the period choice when there are several);
 * with `greeting`, a welcome by first name above it.
 */
export function SchoolSummary({ greeting = false }: { greeting?: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { entry, role, periods, period } = useArea();
  const painted = useAfterFirstPaint();
  // The same size and value as the choice, until its chunk has arrived after the first paint.
  const placeholder = <Input readOnly value={period?.name ?? ''} />;
  const firstName = entry?.first_name ?? '';
  return (
    <>
      <section
        className={greeting ? styles.hero : styles.compact}
        aria-labelledby={greeting ? 'welcome-heading' : undefined}
      >
        {greeting && (
          <Text as="h3" id="welcome-heading" size={700} weight="semibold" style={{ margin: 0 }}>
            {t('Welcome, {{name}}', { name: firstName })}
          </Text>
        )}
        <Text size={greeting ? 400 : 300} data-testid="home-school-name">
          {entry?.name}
          <span className={styles.muted}>{` · ${t(ROLE_LABELS[role])}`}</span>
        </Text>
        {period ? (
          <Text className={styles.muted} data-testid="home-period">
            {t('Current period: {{name}} ({{start}} – {{end}})', {
              name: period.name,
              start: formatLongDate(period.start_date, i18n.language),
              end: formatLongDate(period.end_date, i18n.language),
            })}
          </Text>
        ) : (
          <Text className={styles.muted}>{t('No period has been set up yet.')}</Text>
        )}
      </section>
      {periods.length > 1 && (
        <Field label={t('Period')} className={styles.period}>
          {painted ? (
            <Suspense fallback={placeholder}>
              <PeriodPicker />
            </Suspense>
          ) : (
            placeholder
          )}
        </Field>
      )}
    </>
  );
}
