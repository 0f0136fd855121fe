import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { DocumentQuestionMark24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { useArea } from './AreaContext';

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

/**
 * An address the role's area does not have. It stays put and links home by an absolute path:
 * a relative redirect from a wrong address only nests deeper (`…/nonexistent/home/home`).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { basePath } = useArea();
  return (
    <PageFrame title={t('Page not found')}>
      <div className={styles.card} data-testid="not-found">
        <DocumentQuestionMark24Regular className={styles.icon} aria-hidden />
        <Text className={styles.text}>{t('There is no page at this address in this area.')}</Text>
        <AppLink to={`${basePath}/home`}>{t('Go to the home page')}</AppLink>
      </div>
    </PageFrame>
  );
}
