import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
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

const RELOADED_FOR = 'mathema.embed-reloaded-for';

/**
 * The page's CSP lists the embedded pages' origins as they were when the page loaded, so a page
 * an admin added since then is refused. Loading the app again once brings the current list.
 */
function useReloadWhenFrameRefused(url: string | undefined) {
  useEffect(() => {
    if (!url) return undefined;
    const origin = new URL(url).origin;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective !== 'frame-src' || !event.blockedURI.startsWith(origin)) return;
      if (sessionStorage.getItem(RELOADED_FOR) === origin) return;
      sessionStorage.setItem(RELOADED_FOR, origin);
      window.location.reload();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url]);
}

/** /{role}/:school_id/embed/:slug: a page the school embeds (setting embed_pages). */
export function EmbedPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { slug } = useParams();
  const page = useArea().settings.embedPages.find((candidate) => candidate.slug === slug);
  useReloadWhenFrameRefused(page?.url);
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
