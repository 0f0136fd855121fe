import { Badge, Button, Spinner } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TaskSummary } from '../../../../shared/api/tasks';
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
import { gradeText, TaskStateBadge } from './TaskStateBadge';
import { listTasks, taskKeys } from './tasksApi';

/**
 * The tasks of the caller's lessons, latest due first: a teacher's with how the class stands
 * and a New button, a student's with where their own work is and its grade.
 */
export function TasksPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const teacher = role === 'teacher';
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const lessons = useLessonChoices();
  const list = useQuery({
    queryKey: taskKeys.list(scope, lessonId, page),
    // Others change these too (students hand in, teachers publish): always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) => listTasks(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  // The spec names the routes: a teacher's tasks/{id}, a student's task/{id}.
  const linkOf = (row: TaskSummary) => `${basePath}/${teacher ? 'tasks' : 'task'}/${row.id}`;

  const columns: SimpleColumn<TaskSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '32%',
      cell: (row) => <AppLink to={linkOf(row)}>{row.title}</AppLink>,
    },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'due',
      label: t('Due'),
      cell: (row) => formatLongDate(row.due_at, i18n.language, true),
    },
    ...(teacher
      ? [
          {
            id: 'handed-in',
            label: t('Handed in'),
            cell: (row: TaskSummary) =>
              row.counts ? `${row.counts.submitted} / ${row.counts.students}` : '–',
          },
          {
            id: 'published',
            label: t('Status'),
            cell: (row: TaskSummary) => (
              <Badge appearance="tint" color={row.published ? 'success' : 'subtle'}>
                {row.published ? t('Published') : t('Draft')}
              </Badge>
            ),
          },
        ]
      : [
          {
            id: 'state',
            label: t('Status'),
            cell: (row: TaskSummary) =>
              row.submission ? (
                <TaskStateBadge state={row.submission.state} late={row.submission.late} />
              ) : null,
          },
          {
            id: 'grade',
            label: t('Grade'),
            cell: (row: TaskSummary) => gradeText(row.submission?.points, row.points),
          },
        ]),
  ];

  return (
    <PageFrame
      title={t('Tasks')}
      actions={
        teacher && (
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => void navigate(`${basePath}/tasks/new`)}
            data-testid="task-new"
          >
            {t('New task')}
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
          label={t('Tasks')}
          testId="task-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </PageFrame>
  );
}
