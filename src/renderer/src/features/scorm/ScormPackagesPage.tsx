import { Badge, Spinner } from '@fluentui/react-components';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ScormPackage } from '../../../../shared/api/scorm';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { LessonFilter } from '../lessons/LessonFilter';
import { useLessonChoices } from '../lessons/useLessonChoices';
import { listPackages, scormKeys } from './scormApi';
import { ScormUploadForm } from './ScormUploadForm';

/** A teacher's SCORM packages per lesson, with the upload of a new one. */
export function ScormPackagesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const lessons = useLessonChoices();
  const list = useQuery({
    queryKey: scormKeys.list(scope, lessonId, null, page),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listPackages(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  const columns: SimpleColumn<ScormPackage>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '32%',
      cell: (row) => <AppLink to={`${basePath}/scorm/${row.id}`}>{row.title}</AppLink>,
    },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'version',
      label: t('Version'),
      cell: (row) => <Badge appearance="outline">SCORM {row.version}</Badge>,
    },
    {
      id: 'finished',
      label: t('Finished'),
      cell: (row) =>
        t('{{done}} of {{count}}', {
          done: row.finished_count ?? 0,
          count: row.student_count ?? 0,
        }),
    },
    {
      id: 'created',
      label: t('Uploaded'),
      cell: (row) => formatLongDate(row.created_at, i18n.language),
    },
  ];
  return (
    <PageFrame title={t('SCORM packages')}>
      {lessons.data && lessons.data.length > 0 && (
        <ScormUploadForm
          lessons={lessons.data}
          initialLesson={lessonId}
          onUploaded={(created) => {
            void queryClient.invalidateQueries({ queryKey: scormKeys.all(scope) });
            void navigate(`${basePath}/scorm/${created.id}`);
          }}
        />
      )}
      <LessonFilter
        lessons={lessons.data ?? []}
        value={lessonId}
        onChange={(next) => {
          setLessonId(next);
          setPage(1);
        }}
      />
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('SCORM packages')}
          testId="scorm-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </PageFrame>
  );
}
