import {
  Button,
  Dropdown,
  Field,
  makeStyles,
  Option,
  SearchBox,
  Spinner,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  ArrowDownload20Regular,
  ArrowUpload20Regular,
  Delete20Regular,
  Document24Regular,
} from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntity, FileListItem } from '../../../../shared/api/files';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { announce } from '../../components/LiveAnnouncer';
import { PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { useDropdownSlots, useSearchBoxSlots } from '../../components/fluentSlots';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { formatLongDate } from '../../i18n/formatDate';
import { DeleteConfirmDialog } from '../../resources/DeleteConfirmDialog';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { LessonFilter } from '../lessons/LessonFilter';
import { useLessonChoices } from '../lessons/useLessonChoices';
import {
  deleteFile,
  fileKeys,
  fileLink,
  formatFileSize,
  isImage,
  listFiles,
  type FilesQuery,
} from './filesApi';
import { UploadDialog } from './UploadDialog';
import { useFilesInvalidation } from './useFilesInvalidation';

const useStyles = makeStyles({
  tools: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
    flexWrap: 'wrap',
  },
  search: { width: '100%', maxWidth: '320px' },
  type: { width: '100%', maxWidth: '260px' },
  dropdown: { minWidth: 0, width: '100%' },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  thumb: {
    width: '40px',
    height: '40px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusSmall,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  icon: {
    width: '40px',
    height: '40px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground2,
  },
  link: { overflowWrap: 'anywhere', color: tokens.colorBrandForegroundLink },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  detail: { color: tokens.colorNeutralForeground3 },
});

type TypeFilter = FileEntity | 'all';

/**
 * The teacher's files across their lessons' chapters, tasks and handed-in work: name, size,
 * type, where it is attached, date; search, filter, download, delete (with confirmation) and
 * upload to a chapter or task.
 */
export function FilesPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const searchSlots = useSearchBoxSlots();
  const dropdownSlots = useDropdownSlots();
  const invalidation = useFilesInvalidation();
  const lessons = useLessonChoices();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);
  const [type, setType] = useState<TypeFilter>('all');
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<FileListItem | null>(null);
  const [uploading, setUploading] = useState(false);
  const query: FilesQuery = {
    page,
    per_page: LIST_PAGE_SIZE,
    type: type === 'all' ? undefined : type,
    lesson_id: lessonId ?? undefined,
    search: debouncedSearch.trim() || undefined,
  };
  const list = useQuery({
    queryKey: fileKeys.list(scope, query),
    staleTime: 0,
    queryFn: ({ signal }) => listFiles(scope, query, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (file: FileListItem) => deleteFile(scope, file.id),
    onSuccess: async (_done, file) => {
      announce(t('{{name}} was removed.', { name: file.name }));
      await invalidation.afterWrite();
    },
    onSettled: () => setRemoving(null),
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  const types: Record<TypeFilter, string> = {
    all: t('Everything'),
    chapter: t('Chapters'),
    task: t('Tasks'),
    submission: t("Students' work"),
  };

  const attachedTo = (row: FileListItem) => {
    if (row.entity === 'chapter')
      return (
        <AppLink to={`${basePath}/chapters/${row.entity_id}`}>
          {t('Chapter: {{title}}', { title: row.entity_title })}
        </AppLink>
      );
    if (row.entity === 'task')
      return (
        <AppLink to={`${basePath}/tasks/${row.entity_id}`}>
          {t('Task: {{title}}', { title: row.entity_title })}
        </AppLink>
      );
    return (
      <AppLink to={`${basePath}/tasks/${row.task_id}?tab=submissions`}>
        {t('Work of {{name}}: {{title}}', {
          name: row.student_name ?? '',
          title: row.entity_title,
        })}
      </AppLink>
    );
  };

  const columns: SimpleColumn<FileListItem>[] = [
    {
      id: 'name',
      label: t('Name'),
      width: '30%',
      cell: (row) => (
        <span className={styles.name}>
          {isImage(row) ? (
            <img className={styles.thumb} src={fileLink(row.url)} alt="" loading="lazy" />
          ) : (
            <span className={styles.icon} aria-hidden>
              <Document24Regular />
            </span>
          )}
          <a
            className={styles.link}
            href={fileLink(row.url)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="file-open"
          >
            {row.name}
          </a>
        </span>
      ),
    },
    {
      id: 'attached',
      label: t('Attached to'),
      cell: (row) => (
        <span>
          {attachedTo(row)}
          <Text block size={200} className={styles.detail}>
            {row.lesson_name}
          </Text>
        </span>
      ),
    },
    {
      id: 'size',
      label: t('Size'),
      width: '12%',
      cell: (row) => (
        <span>
          {formatFileSize(row.size, i18n.language)}
          <Text block size={200} className={styles.detail}>
            {row.content_type}
          </Text>
        </span>
      ),
    },
    {
      id: 'date',
      label: t('Uploaded'),
      width: '16%',
      cell: (row) => formatLongDate(row.created_at, i18n.language),
    },
    {
      id: 'actions',
      label: t('Actions'),
      width: '110px',
      cell: (row) => (
        <span className={styles.actions}>
          <Tooltip content={t('Download {{name}}', { name: row.name })} relationship="label">
            <Button
              as="a"
              appearance="subtle"
              icon={<ArrowDownload20Regular />}
              href={fileLink(row.url)}
              download={row.name}
              data-testid="file-download"
            />
          </Tooltip>
          {row.abilities.delete && (
            <Tooltip content={t('Remove {{name}}', { name: row.name })} relationship="label">
              <Button
                appearance="subtle"
                icon={<Delete20Regular />}
                onClick={() => setRemoving(row)}
                data-testid="file-delete"
              />
            </Tooltip>
          )}
        </span>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('Files')}
      actions={
        <Button
          appearance="primary"
          icon={<ArrowUpload20Regular />}
          onClick={() => setUploading(true)}
          data-testid="files-upload-open"
        >
          {t('Upload files')}
        </Button>
      }
    >
      <div className={styles.tools}>
        <Field label={t('Search')} className={styles.search}>
          <SearchBox
            {...searchSlots}
            value={search}
            onChange={(_event, data) => {
              setSearch(data.value);
              setPage(1);
            }}
            data-testid="files-search"
          />
        </Field>
        <Field label={t('Attached to')} className={styles.type}>
          <Dropdown
            {...dropdownSlots}
            className={styles.dropdown}
            value={types[type]}
            selectedOptions={[type]}
            onOptionSelect={(_event, data) => {
              setType(data.optionValue as TypeFilter);
              setPage(1);
            }}
            data-testid="files-type"
          >
            {(Object.keys(types) as TypeFilter[]).map((value) => (
              <Option key={value} value={value}>
                {types[value]}
              </Option>
            ))}
          </Dropdown>
        </Field>
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
      {remove.isError && <LoadError message={apiErrorMessage(remove.error, t)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('Files')}
          testId="file-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
      <DeleteConfirmDialog
        open={removing !== null}
        name={removing?.name}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
      <UploadDialog open={uploading} lessonId={lessonId} onClose={() => setUploading(false)} />
    </PageFrame>
  );
}
