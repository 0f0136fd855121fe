import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../shared/api/tasks';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { gradeText, TaskStateBadge } from './TaskStateBadge';
import { listChildTasks, taskKeys } from './tasksApi';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Under a parent's view of their child: the child's tasks with where the work is and its grade. */
export function ChildTasksSection({ parentId }: { parentId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: taskKeys.child(scope, parentId, page),
    // Others change these too (students hand in, teachers publish): always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) =>
      listChildTasks(scope, parentId, { page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  const columns: SimpleColumn<TaskSummary>[] = [
    { id: 'title', label: t('Task'), width: '32%', cell: (row) => row.title },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    { id: 'due', label: t('Due'), cell: (row) => formatLongDate(row.due_at, i18n.language) },
    {
      id: 'state',
      label: t('Status'),
      cell: (row) =>
        row.submission ? (
          <TaskStateBadge state={row.submission.state} late={row.submission.late} />
        ) : null,
    },
    {
      id: 'grade',
      label: t('Grade'),
      cell: (row) => (
        <span data-testid="child-grade">{gradeText(row.submission?.points, row.points)}</span>
      ),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="child-tasks-heading">
      <Text as="h3" id="child-tasks-heading" size={500} weight="semibold" style={{ margin: 0 }}>
        {t('Tasks')}
      </Text>
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
          testId="child-task-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
