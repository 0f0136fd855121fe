import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScormPackage } from '../../../../shared/api/scorm';
import { LIST_MAX_PAGE_SIZE } from '../../../../shared/constants';
import { useArea } from '../../app/area/AreaContext';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { LoadError } from '../../resources/ListStates';
import { apiErrorText } from '../../api/apiErrorText';
import { listPackages, scormKeys } from './scormApi';
import { durationText, scoreText, statusColor, statusLabel } from './standingText';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
});

/**
 * Under a parent's view of their child: the interactive (SCORM) packages of the child's lessons
 * with how far the child got in each. Left out when the child's lessons have none.
 */
export function ChildScormSection({ parentId }: { parentId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const list = useQuery({
    queryKey: scormKeys.list(scope, null, parentId, 1),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listPackages(
        scope,
        { lessonId: null, studentId: parentId, page: 1, perPage: LIST_MAX_PAGE_SIZE },
        signal,
      ),
  });
  const rows = list.data?.rows ?? [];
  if (!list.isError && rows.length === 0) return null;
  const columns: SimpleColumn<ScormPackage>[] = [
    { id: 'title', label: t('Title'), width: '30%', cell: (row) => row.title },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'status',
      label: t('Status'),
      cell: (row) => {
        const status = row.standing?.status ?? 'not_attempted';
        return (
          <Badge appearance="tint" color={statusColor(status)}>
            {statusLabel(status, t)}
          </Badge>
        );
      },
    },
    {
      id: 'score',
      label: t('Score'),
      cell: (row) => scoreText(row.standing?.score_percent ?? null, i18n.language),
    },
    {
      id: 'time',
      label: t('Time spent'),
      cell: (row) => durationText(row.standing?.total_seconds ?? 0, t),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="child-scorm-heading">
      <Text
        as="h3"
        id="child-scorm-heading"
        size={500}
        weight="semibold"
        className={styles.heading}
      >
        {t('Interactive material')}
      </Text>
      {list.isError ? (
        <LoadError message={apiErrorText(list.error)} />
      ) : (
        <SimpleList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('Interactive material')}
          testId="child-scorm-row"
        />
      )}
    </section>
  );
}
