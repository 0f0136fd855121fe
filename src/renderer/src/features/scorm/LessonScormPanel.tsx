import { Badge } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScormPackage } from '../../../../shared/api/scorm';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import type { SimpleColumn } from '../../components/SimpleList';
import { PagedPanel } from '../lessons/LessonTabPanels';
import { listPackages, scormKeys } from './scormApi';
import { scoreText, statusColor, statusLabel } from './standingText';

/**
 * The lesson page's SCORM tab: the lesson's packages, each opening its page (the teacher's
 * preview and learners, the student's player); a student sees where they stand in each.
 */
export function LessonScormPanel({ lessonId }: { lessonId: number }) {
  const { t, i18n } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: scormKeys.list(scope, lessonId, null, page),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listPackages(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const columns: SimpleColumn<ScormPackage>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '40%',
      cell: (row) => <AppLink to={`${basePath}/scorm/${row.id}`}>{row.title}</AppLink>,
    },
    role === 'teacher'
      ? {
          id: 'finished',
          label: t('Finished'),
          cell: (row) =>
            t('{{done}} of {{count}}', {
              done: row.finished_count ?? 0,
              count: row.student_count ?? 0,
            }),
        }
      : {
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
    role === 'teacher'
      ? {
          id: 'version',
          label: t('Version'),
          cell: (row) => <Badge appearance="outline">SCORM {row.version}</Badge>,
        }
      : {
          id: 'score',
          label: t('Score'),
          cell: (row) => scoreText(row.standing?.score_percent ?? null, i18n.language),
        },
  ];
  return (
    <PagedPanel
      query={list}
      columns={columns}
      label={t('SCORM packages')}
      testId="lesson-scorm-row"
      rowKey={(row) => row.id}
      page={page}
      onPage={setPage}
    />
  );
}
