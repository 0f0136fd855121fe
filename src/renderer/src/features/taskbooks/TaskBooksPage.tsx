import { Badge, Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TaskBookSummary } from '../../../../shared/api/taskbooks';
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
import { listTaskBooks, taskBookKeys } from './taskbooksApi';

const useStyles = makeStyles({
  tools: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
});

/** The teacher's task books (drafts too), by lesson, with a New button. */
export function TaskBooksPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const lessons = useLessonChoices();
  const list = useQuery({
    queryKey: taskBookKeys.list(scope, lessonId, page),
    // Other teachers of the lesson change these too: always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) =>
      listTaskBooks(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));

  const columns: SimpleColumn<TaskBookSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '40%',
      cell: (row) => <AppLink to={`${basePath}/taskbooks/${row.id}`}>{row.title}</AppLink>,
    },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'state',
      label: t('Status'),
      cell: (row) => (
        <Badge appearance="tint" color={row.published ? 'success' : 'subtle'}>
          {row.published ? t('Published') : t('Draft')}
        </Badge>
      ),
    },
    {
      id: 'date',
      label: t('Updated'),
      cell: (row) => formatLongDate(row.updated_at, i18n.language),
    },
  ];

  return (
    <PageFrame
      title={t('Task books')}
      actions={
        <Button
          appearance="primary"
          icon={<Add20Regular />}
          onClick={() => void navigate(`${basePath}/taskbooks/new`)}
          data-testid="taskbook-new"
        >
          {t('New task book')}
        </Button>
      }
    >
      <div className={styles.tools}>
        <LessonFilter
          lessons={lessons.data ?? []}
          value={lessonId}
          onChange={(next) => {
            setLessonId(next);
            setPage(1);
          }}
        />
      </div>
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
          label={t('Task books')}
          testId="taskbook-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </PageFrame>
  );
}
