import { Badge, Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChapterSummary } from '../../../../shared/api/chapters';
import type { FileListItem } from '../../../../shared/api/files';
import type { TaskSummary } from '../../../../shared/api/tasks';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import type { ResourceRecord } from '../../resources/resourceApi';
import { definitionOf } from '../../resources/resourceScreen';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useResourceList } from '../../resources/useResourceList';
import { chapterKeys, listChapters } from '../chapters/chaptersApi';
import { gradeText, TaskStateBadge } from '../tasks/TaskStateBadge';
import { listTasks, taskKeys } from '../tasks/tasksApi';
import { lessonKeys, listLessonFiles, signedFileHref } from './lessonsApi';

// What each tab of the lesson page lists, through the areas' own APIs.

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** A list's states: loading, its error, nothing found, or the rows. */
export function Listing<Row>({
  query,
  rows,
  columns,
  label,
  testId,
  rowKey,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  rows: Row[];
  columns: SimpleColumn<Row>[];
  label: string;
  testId: string;
  rowKey: (row: Row) => number;
}) {
  const { t } = useTranslation();
  if (query.isError) return <LoadError message={apiErrorText(query.error)} />;
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (rows.length === 0) return <NothingFound />;
  return <SimpleList rows={rows} columns={columns} rowKey={rowKey} label={label} testId={testId} />;
}

/** A tab's paged list: its New button where the caller may make one, the rows, the pager. */
export function PagedPanel<Row>({
  action,
  query,
  columns,
  label,
  testId,
  rowKey,
  page,
  onPage,
}: {
  action?: { label: string; onClick: () => void; testId: string } | null;
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: { rows: Row[]; total: number } | undefined;
  };
  columns: SimpleColumn<Row>[];
  label: string;
  testId: string;
  rowKey: (row: Row) => number;
  page: number;
  onPage: (page: number) => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.panel}>
      {action && (
        <div className={styles.actions}>
          <Button icon={<Add20Regular />} onClick={action.onClick} data-testid={action.testId}>
            {action.label}
          </Button>
        </div>
      )}
      <Listing
        query={query}
        rows={query.data?.rows ?? []}
        columns={columns}
        label={label}
        testId={testId}
        rowKey={rowKey}
      />
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil((query.data?.total ?? 0) / LIST_PAGE_SIZE))}
        onPage={onPage}
      />
    </div>
  );
}

const personName = (row: ResourceRecord) =>
  [row.last_name, row.first_name].filter(Boolean).join(' ');

/** The lesson's students (teachers and the office; students never see their classmates). */
export function StudentsPanel({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  const { basePath } = useArea();
  const access = useResourceAccess(definitionOf('students'));
  const list = useResourceList(
    access.scope,
    {
      search: '',
      sort: { field: 'last_name', order: 'asc' },
      filters: { lesson_ids: lessonId },
      perPage: 100,
    },
    access.read,
    true,
  );
  const columns: SimpleColumn<ResourceRecord>[] = [
    {
      id: 'name',
      label: t('Name'),
      width: '40%',
      cell: (row) => (
        <AppLink to={`${basePath}/lesson/${lessonId}/student/${row.id}`}>{personName(row)}</AppLink>
      ),
    },
    { id: 'email', label: t('Email'), cell: (row) => String(row.email ?? '') },
    { id: 'code', label: t('Student code'), cell: (row) => String(row.code ?? '') },
  ];
  return (
    <>
      <Listing
        query={list}
        rows={list.rows}
        columns={columns}
        label={t('Students')}
        testId="lesson-student-row"
        rowKey={(row) => row.id}
      />
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('Load more')}
        </Button>
      )}
    </>
  );
}

export function ChaptersPanel({ lessonId }: { lessonId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const teacher = role === 'teacher';
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: chapterKeys.list(scope, lessonId, page),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listChapters(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const columns: SimpleColumn<ChapterSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '50%',
      cell: (row) => <AppLink to={`${basePath}/chapters/${row.id}`}>{row.title}</AppLink>,
    },
    {
      id: 'state',
      label: t('Status'),
      cell: (row) =>
        teacher ? (
          <Badge appearance="tint" color={row.published ? 'success' : 'subtle'}>
            {row.published ? t('Published') : t('Draft')}
          </Badge>
        ) : (
          <Badge appearance="tint" color={row.read ? 'success' : 'brand'}>
            {row.read ? t('Already read') : t('Not read yet')}
          </Badge>
        ),
    },
    {
      id: 'date',
      label: teacher ? t('Updated') : t('Published'),
      cell: (row) =>
        formatLongDate(
          teacher ? row.updated_at : (row.published_at ?? row.updated_at),
          i18n.language,
        ),
    },
  ];
  return (
    <PagedPanel
      action={
        teacher
          ? {
              label: t('New chapter'),
              onClick: () => void navigate(`${basePath}/chapters/new`),
              testId: 'lesson-chapter-new',
            }
          : null
      }
      query={list}
      columns={columns}
      label={t('Chapters')}
      testId="lesson-chapter-row"
      rowKey={(row) => row.id}
      page={page}
      onPage={setPage}
    />
  );
}

export function TasksPanel({ lessonId }: { lessonId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const teacher = role === 'teacher';
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: taskKeys.list(scope, lessonId, page),
    staleTime: 0,
    queryFn: ({ signal }) => listTasks(scope, { lessonId, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const columns: SimpleColumn<TaskSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '40%',
      cell: (row) => (
        <AppLink to={`${basePath}/${teacher ? 'tasks' : 'task'}/${row.id}`}>{row.title}</AppLink>
      ),
    },
    { id: 'due', label: t('Due'), cell: (row) => formatLongDate(row.due_at, i18n.language, true) },
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
          id: 'state',
          label: t('Status'),
          cell: (row) =>
            row.submission ? (
              <TaskStateBadge state={row.submission.state} late={row.submission.late} />
            ) : null,
        },
    teacher
      ? {
          id: 'handed-in',
          label: t('Handed in'),
          cell: (row) => (row.counts ? `${row.counts.submitted} / ${row.counts.students}` : '–'),
        }
      : {
          id: 'grade',
          label: t('Grade'),
          cell: (row) => gradeText(row.submission?.points, row.points),
        },
  ];
  return (
    <PagedPanel
      action={
        teacher
          ? {
              label: t('New task'),
              onClick: () => void navigate(`${basePath}/tasks/new`),
              testId: 'lesson-task-new',
            }
          : null
      }
      query={list}
      columns={columns}
      label={t('Tasks')}
      testId="lesson-task-row"
      rowKey={(row) => row.id}
      page={page}
      onPage={setPage}
    />
  );
}

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The files of the lesson's chapters and tasks the caller may read. */
export function FilesPanel({ lessonId }: { lessonId: number }) {
  const { t, i18n } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: lessonKeys.files(scope, lessonId, page),
    // The links inside expire in minutes: ask again on every opening.
    staleTime: 0,
    queryFn: ({ signal }) =>
      listLessonFiles(scope, lessonId, { page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const recordPath = (row: FileListItem) =>
    row.entity === 'chapter'
      ? `${basePath}/chapters/${row.entity_id}`
      : `${basePath}/${role === 'teacher' ? 'tasks' : 'task'}/${row.task_id ?? row.entity_id}`;
  const attachedTo = (row: FileListItem) =>
    row.entity === 'chapter'
      ? `${t('Chapter')}: ${row.entity_title}`
      : row.entity === 'task'
        ? `${t('Task')}: ${row.entity_title}`
        : `${t('Task')}: ${row.entity_title} (${row.student_name ?? ''})`;
  const columns: SimpleColumn<FileListItem>[] = [
    {
      id: 'name',
      label: t('File'),
      width: '35%',
      cell: (row) => (
        <a href={signedFileHref(row.url)} target="_blank" rel="noreferrer">
          {row.name}
        </a>
      ),
    },
    {
      id: 'on',
      label: t('Attached to'),
      cell: (row) => <AppLink to={recordPath(row)}>{attachedTo(row)}</AppLink>,
    },
    { id: 'size', label: t('Size'), cell: (row) => fileSize(row.size) },
    { id: 'date', label: t('Date'), cell: (row) => formatLongDate(row.created_at, i18n.language) },
  ];
  return (
    <PagedPanel
      query={list}
      columns={columns}
      label={t('Files')}
      testId="lesson-file-row"
      rowKey={(row) => row.id}
      page={page}
      onPage={setPage}
    />
  );
}

/** The announcements made to this lesson, newest first. */
export function AnnouncementsPanel({ lessonId }: { lessonId: number }) {
  const { t, i18n } = useTranslation();
  const { basePath, role } = useArea();
  const access = useResourceAccess(definitionOf('announcements'));
  const list = useResourceList(
    access.scope,
    {
      search: '',
      sort: { field: 'created_at', order: 'desc' },
      filters: { lesson_id: lessonId },
    },
    access.read,
    true,
  );
  const columns: SimpleColumn<ResourceRecord>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '60%',
      cell: (row) => (
        <AppLink
          to={`${basePath}/${role === 'teacher' ? 'announcements' : 'announcement'}/${row.id}`}
        >
          {String(row.title ?? '')}
        </AppLink>
      ),
    },
    {
      id: 'date',
      label: t('Date'),
      cell: (row) => (row.created_at ? formatLongDate(String(row.created_at), i18n.language) : ''),
    },
  ];
  return (
    <>
      <Listing
        query={list}
        rows={list.rows}
        columns={columns}
        label={t('Announcements')}
        testId="lesson-announcement-row"
        rowKey={(row) => row.id}
      />
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('Load more')}
        </Button>
      )}
    </>
  );
}
