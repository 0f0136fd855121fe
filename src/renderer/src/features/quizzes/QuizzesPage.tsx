import { Badge, Button, Spinner } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { QuizSummary } from '../../../../shared/api/quizzes';
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
import { listQuizzes, quizKeys } from './quizzesApi';

/** A teacher's quizzes, latest opening first, with a New button for the chosen lesson. */
export function QuizzesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const lessons = useLessonChoices();
  const list = useQuery({
    queryKey: quizKeys.list(scope, lessonId, page),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listQuizzes(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  // A new quiz belongs to a lesson: the one filtered on, else the first the teacher teaches.
  const newLesson = lessonId ?? lessons.data?.[0]?.id ?? null;

  const columns: SimpleColumn<QuizSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '30%',
      cell: (row) => (
        <AppLink to={`${basePath}/lesson/${row.lesson_id}/quiz/${row.id}`}>{row.title}</AppLink>
      ),
    },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'opens',
      label: t('Opens'),
      cell: (row) => formatLongDate(row.opens_at, i18n.language, true),
    },
    {
      id: 'closes',
      label: t('Closes'),
      cell: (row) => formatLongDate(row.closes_at, i18n.language, true),
    },
    {
      id: 'questions',
      label: t('Questions'),
      cell: (row) =>
        `${row.question_count} · ${t('{{count}} points', { count: row.total_points })}`,
    },
    {
      id: 'published',
      label: t('Status'),
      cell: (row) => (
        <Badge appearance="tint" color={row.published ? 'success' : 'subtle'}>
          {row.published ? t('Published') : t('Draft')}
        </Badge>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('Quizzes')}
      actions={
        newLesson !== null && (
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => void navigate(`${basePath}/lesson/${newLesson}/quiz/new`)}
            data-testid="quiz-new"
          >
            {t('New quiz')}
          </Button>
        )
      }
    >
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
          label={t('Quizzes')}
          testId="quiz-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </PageFrame>
  );
}
