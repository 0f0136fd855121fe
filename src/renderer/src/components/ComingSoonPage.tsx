import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { WrenchScrewdriver24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow2,
    textAlign: 'center',
  },
  icon: { fontSize: '40px', color: tokens.colorBrandForeground1 },
  text: { color: tokens.colorNeutralForeground2, maxWidth: '460px' },
});

/** A screen that a later release fills in: its title and a short note. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <PageFrame title={t(title)}>
      <div className={styles.card} data-testid="coming-soon">
        <WrenchScrewdriver24Regular className={styles.icon} aria-hidden />
        <Text size={500} weight="semibold">
          {t('Coming soon')}
        </Text>
        <Text className={styles.text}>
          {t(
            'This part of Mathema is being prepared and will be available in an upcoming release.',
          )}
        </Text>
      </div>
    </PageFrame>
  );
}
