import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

/** Previous / Next under a hand-written list; shows nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('Pages')}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="page-previous">
        {t('Previous')}
      </Button>
      <Text aria-live="polite">{t('Page {{page}} of {{pages}}', { page, pages })}</Text>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="page-next">
        {t('Next')}
      </Button>
    </nav>
  );
}
