import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame';
import { useArea } from './AreaContext';

const useStyles = makeStyles({
  frame: {
    width: '100%',
    height: 'calc(100vh - 180px)',
    minHeight: '400px',
    border: 'none',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/** /{role}/:school_id/embed/:slug: a page the school embeds (setting embed_pages). */
export function EmbedPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { slug } = useParams();
  const page = useArea().settings.embedPages.find((candidate) => candidate.slug === slug);
  if (!page?.url) {
    return (
      <PageFrame title={page?.title ?? t('Embedded page')}>
        <Text>{t('Nothing Found')}</Text>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={page.title}>
      <iframe
        className={styles.frame}
        src={page.url}
        title={page.title}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </PageFrame>
  );
}
