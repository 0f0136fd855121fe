import { Badge } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { QuizSummary } from '../../../../shared/api/quizzes';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import type { SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { PagedPanel } from '../lessons/LessonTabPanels';
import { listQuizzes, quizKeys } from './quizzesApi';
import { useQuizStatusOf } from './StudentQuizzesPage';

const QUIZ_NEW_ROUTE = 'lesson/:lesson_id/quiz/new';
const REVIEW_ROUTE = 'quizanswers/:quiz_id';

/**
 * The lesson page's Quizzes tab: the teacher's quizzes of the lesson with their state and a
 * link to the answers; a student's published ones with where they stand.
 */
export function LessonQuizzesPanel({ lessonId }: { lessonId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { schoolId, role, basePath, routes } = useArea();
  const scope = { schoolId, role };
  const teacher = role === 'teacher';
  const statusOf = useQuizStatusOf();
  const can = (path: string) => routes.some((r) => r.path === path && r.page);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: quizKeys.list(scope, lessonId, page),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listQuizzes(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const now = Date.now();
  const columns: SimpleColumn<QuizSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '36%',
      cell: (row) => (
        <AppLink to={`${basePath}/lesson/${row.lesson_id}/quiz/${row.id}`}>{row.title}</AppLink>
      ),
    },
    {
      id: 'closes',
      label: t('Closes'),
      cell: (row) => formatLongDate(row.closes_at, i18n.language, true),
    },
    teacher
      ? {
          id: 'published',
          label: t('Status'),
          cell: (row) => (
            <Badge appearance="tint" color={row.published ? 'success' : 'subtle'}>
              {row.published ? t('Published') : t('Draft')}
            </Badge>
          ),
        }
      : {
          id: 'status',
          label: t('Status'),
          cell: (row) => {
            const status = statusOf(row, now);
            return (
              <Badge appearance="tint" color={status.color}>
                {status.label}
              </Badge>
            );
          },
        },
  ];
  if (teacher && can(REVIEW_ROUTE))
    columns.push({
      id: 'answers',
      label: t('Answers'),
      cell: (row) => <AppLink to={`${basePath}/quizanswers/${row.id}`}>{t('Answers')}</AppLink>,
    });
  return (
    <PagedPanel
      action={
        teacher && can(QUIZ_NEW_ROUTE)
          ? {
              label: t('New quiz'),
              onClick: () => void navigate(`${basePath}/lesson/${lessonId}/quiz/new`),
              testId: 'lesson-quiz-new',
            }
          : null
      }
      query={list}
      columns={columns}
      label={t('Quizzes')}
      testId="lesson-quiz-row"
      rowKey={(row) => row.id}
      page={page}
      onPage={setPage}
    />
  );
}
