import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';
import { LanguageSwitch } from '../../components/LanguageSwitch';

// Its own chunk, loaded from here rather than from the route table so that the entry chunk
// (the sign-in screen's download) carries nothing of it.
const EditorDemoPage = lazy(() => import('./EditorDemoPage'));

const useStyles = makeStyles({
  page: {
    boxSizing: 'border-box',
    maxWidth: '760px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  section: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
  },
  heading: { margin: `0 0 ${tokens.spacingVerticalS}` },
});

const SECTIONS = [
  {
    title: msg('Signing in'),
    text: msg(
      'Sign in with your email and password. If you forgot your password, choose “Forgot your password?” and follow the link we send you.',
    ),
  },
  {
    title: msg('Choosing a school and role'),
    text: msg(
      'If you belong to more than one school, or hold more than one role, the dashboard lists them by role. Choose one to open it. Use “Select role” in the profile menu to switch later.',
    ),
  },
  {
    title: msg('Finding your way'),
    text: msg(
      'The menu on the left lists the parts of the school you can use. On a wide screen it can be narrowed to icons; on a phone, open it with the menu button at the top left.',
    ),
  },
  {
    title: msg('Notifications and messages'),
    text: msg(
      'The bell shows notifications you have not seen yet; opening the list marks them as seen. The chat button opens your conversations.',
    ),
  },
  {
    title: msg('Tools'),
    text: msg(
      'The tools menu in the top bar offers a calculator and the weather forecast for Athens.',
    ),
  },
  {
    title: msg('Working offline'),
    text: msg(
      'The last data you saw stays available for seven days, so you can still read it when the connection drops. Changes need a connection.',
    ),
  },
] as const;

/** The user manual linked from the profile menu; `page="editor"` is its editor try-out page. */
export default function ManualPage({ page }: { page?: 'editor' }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (page === 'editor') return <EditorDemoPage />;
  return (
    <main className={styles.page}>
      <Text as="h1" size={800} weight="semibold" style={{ margin: 0 }}>
        {t('Manual')}
      </Text>
      {SECTIONS.map((section) => (
        <section key={section.title} className={styles.section}>
          <Text as="h2" size={500} weight="semibold" className={styles.heading} block>
            {t(section.title)}
          </Text>
          <Text as="p" style={{ margin: 0 }}>
            {t(section.text)}
          </Text>
        </section>
      ))}
      <LanguageSwitch />
    </main>
  );
}
