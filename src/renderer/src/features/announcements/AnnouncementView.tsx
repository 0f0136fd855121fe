import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RESOURCES } from '../../../../shared/resources';
import { PageFrame } from '../../components/PageFrame';
import { apiErrorText } from '../../api/apiErrorText';
import { LoadError, NoReadPermission } from '../../resources/ListStates';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { formatLongDate } from '../../i18n/formatDate';
import { useRecordQuery } from '../../resources/useRecordQuery';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  meta: { color: tokens.colorNeutralForeground3 },
  body: { whiteSpace: 'pre-wrap', lineHeight: tokens.lineHeightBase400 },
});

/** An announcement as its readers see it (student announcement/{announcement_id}). */
export function AnnouncementView() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const access = useResourceAccess(RESOURCES.announcements!);
  const id = Number(useParams().announcement_id);
  const record = useRecordQuery(access.scope, Number.isInteger(id) ? id : null, access.read);
  if (!access.read) return <NoReadPermission />;
  const data = record.data;
  const category = data?.labels?.category_id?.[0]?.label;
  return (
    <PageFrame title={data ? String(data.title) : t('Announcement')}>
      {record.isError ? (
        <LoadError message={apiErrorText(record.error)} />
      ) : !data ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <article className={styles.card} data-testid="announcement">
          <Text size={200} className={styles.meta}>
            {[formatLongDate(String(data.created_at), i18n.language, true), category]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text className={styles.body}>{String(data.body ?? '')}</Text>
        </article>
      )}
    </PageFrame>
  );
}
