import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { formatLongDate } from '../../i18n/formatDate';
import { fetchPage, resourceKeys, type ResourceRecord } from '../../resources/resourceApi';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { useRecordQuery } from '../../resources/useRecordQuery';

// Under a parent's view of their child: the announcements the family is told (the school's to
// everyone or to parents, and those of the child's lessons), newest first. The server decides
// what the parent may read; this section only narrows it to the child's lessons.

/** How many of the latest announcements the section shows. */
const SHOWN = 10;
/** Enough of the parent's latest to find SHOWN about this child among several children's. */
const FETCHED = 50;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  meta: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

export function ChildAnnouncementsSection({ parentId }: { parentId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const child = useRecordQuery({ schoolId, role, resource: 'students' }, parentId);
  const scope = { schoolId, role, resource: 'announcements' };
  const query = { per_page: FETCHED, sort: 'created_at', order: 'desc' };
  const announcements = useQuery({
    queryKey: resourceKeys.list(scope, query),
    queryFn: ({ signal }) => fetchPage(scope, query, signal),
  });

  const lessonNames = new Map(
    (child.data?.labels?.lesson_ids ?? []).map((option) => [option.id, option.label]),
  );
  const rows = (announcements.data?.data ?? [])
    .filter((row) => row.lesson_id == null || lessonNames.has(Number(row.lesson_id)))
    .slice(0, SHOWN);

  return (
    <section className={styles.section} aria-labelledby="child-announcements-heading">
      <Text
        as="h3"
        id="child-announcements-heading"
        size={500}
        weight="semibold"
        className={styles.heading}
      >
        {t('Announcements')}
      </Text>
      {announcements.isError && <LoadError message={apiErrorText(announcements.error)} />}
      {announcements.isPending || child.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !announcements.isError ? (
        <NothingFound />
      ) : (
        <ul className={styles.list}>
          {rows.map((row) => (
            <AnnouncementItem
              key={row.id}
              row={row}
              lessonName={lessonNames.get(Number(row.lesson_id)) ?? null}
              language={i18n.language}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AnnouncementItem({
  row,
  lessonName,
  language,
}: {
  row: ResourceRecord;
  lessonName: string | null;
  language: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = `child-announcement-${row.id}`;
  return (
    <li className={styles.item} aria-labelledby={headingId} data-testid="child-announcement">
      <Text as="h4" id={headingId} weight="semibold" className={styles.heading}>
        {String(row.title)}
      </Text>
      <span className={styles.meta}>
        <Badge appearance="tint" color={lessonName ? 'brand' : 'informative'}>
          {lessonName ?? t('Whole school')}
        </Badge>
        <Text size={200}>{formatLongDate(String(row.created_at), language)}</Text>
      </span>
      <Text className={styles.body}>{String(row.body ?? '')}</Text>
    </li>
  );
}
