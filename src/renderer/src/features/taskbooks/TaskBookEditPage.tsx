import {
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { TaskBook } from '../../../../shared/api/taskbooks';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { useDraftForm } from '../../components/useDraftForm';
import { DraftFormActions } from '../../components/DraftFormActions';
import { PageFrame } from '../../components/PageFrame';
import { LoadError } from '../../resources/ListStates';
import { LessonPicker } from '../lessons/LessonPicker';
import { ProgressTable } from './ProgressTable';
import { StepsEditor } from './StepsEditor';
import {
  createTaskBook,
  deleteTaskBook,
  getTaskBook,
  listLessonSteps,
  taskBookKeys,
  updateTaskBook,
  type TaskBookDraft,
} from './taskbooksApi';
import { useTaskBooksInvalidation } from './useTaskBooksInvalidation';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-end',
  },
  grow: { flexGrow: 1, minWidth: '220px' },
  heading: { margin: 0 },
});

const SHOWN_FIELDS = ['title', 'lesson_id', 'description', 'published', 'items'] as const;

const draftOf = (book: TaskBook): TaskBookDraft => ({
  title: book.title,
  description: book.description ?? '',
  published: book.published,
  items: book.items.map(({ kind, id, title }) => ({ kind, id, title })),
});

/** The teacher's task book: title, lesson, description, its steps in order, published; progress. */
export function TaskBookEditPage() {
  const param = useParams().task_book_id;
  const id = param === 'new' ? null : Number(param);
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const record = useQuery({
    queryKey: taskBookKeys.one(scope, id ?? 0),
    queryFn: ({ signal }) => getTaskBook(scope, id!, signal),
    enabled: id !== null && Number.isInteger(id),
  });
  if (id === null) return <TaskBookForm book={null} />;
  if (record.isError)
    return (
      <PageFrame title={t('Task book')}>
        <LoadError message={apiErrorText(record.error)} />
      </PageFrame>
    );
  if (!record.data)
    return (
      <PageFrame title={t('Task book')}>
        <Spinner label={t('Loading...')} />
      </PageFrame>
    );
  return <TaskBookForm book={record.data} key={record.data.id} />;
}

function TaskBookForm({ book }: { book: TaskBook | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const invalidation = useTaskBooksInvalidation();
  const editable = book ? book.abilities.update : true;
  const form = useDraftForm({
    initial: book ? draftOf(book) : { title: '', description: '', published: false, items: [] },
    initialLesson: book?.lesson_id ?? null,
    editable,
    fields: SHOWN_FIELDS,
    save: (values: TaskBookDraft, lesson) =>
      book ? updateTaskBook(scope, book.id, values) : createTaskBook(scope, lesson ?? 0, values),
    remove: () => deleteTaskBook(scope, book!.id),
    afterWrite: invalidation.afterWrite,
    openCreated: book ? undefined : (id) => `${basePath}/taskbooks/${id}`,
    listPath: `${basePath}/taskbooks`,
  });
  const { draft, change, lessonId, chooseLesson, submit, errors, removeError } = form;

  const lessonSteps = useQuery({
    queryKey: taskBookKeys.steps(scope, lessonId ?? 0),
    queryFn: ({ signal }) => listLessonSteps(scope, lessonId!, signal),
    enabled: editable && lessonId !== null,
    staleTime: 0,
  });
  return (
    <PageFrame title={book ? book.title || t('Task book') : t('New task book')}>
      <form className={styles.form} onSubmit={submit} data-testid="taskbook-form">
        {(errors?.general || removeError) && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{errors?.general || removeError}</MessageBarBody>
          </MessageBar>
        )}
        {!editable && <Text>{t('You may read this task book but not change it.')}</Text>}
        <div className={styles.row}>
          <Field
            label={t('Title')}
            required
            className={styles.grow}
            validationMessage={errors?.fields.title}
          >
            <Input
              value={draft.title}
              readOnly={!editable}
              onChange={(_event, data) => change({ title: data.value })}
              data-testid="taskbook-title"
            />
          </Field>
          {book ? (
            <Field label={t('Lesson')} className={styles.grow}>
              <Input value={book.lesson_name} readOnly />
            </Field>
          ) : (
            <LessonPicker
              value={lessonId}
              onChange={(next) => {
                // A book holds one lesson's steps: another lesson starts the list afresh.
                if (next !== lessonId) change({ items: [] });
                chooseLesson(next);
              }}
              error={errors?.fields.lesson_id}
            />
          )}
          <Switch
            label={t('Published')}
            checked={draft.published}
            disabled={!editable}
            onChange={(_event, data) => change({ published: data.checked })}
            data-testid="taskbook-published"
          />
        </div>
        <Field label={t('Description')} validationMessage={errors?.fields.description}>
          <Textarea
            value={draft.description}
            readOnly={!editable}
            resize="vertical"
            maxLength={5000}
            onChange={(_event, data) => change({ description: data.value })}
            data-testid="taskbook-description"
          />
        </Field>
        <Text as="h3" size={500} weight="semibold" className={styles.heading}>
          {t('Steps')}
        </Text>
        <StepsEditor
          steps={draft.items}
          lessonSteps={lessonId === null ? null : (lessonSteps.data ?? null)}
          editable={editable}
          onChange={(items) => change({ items })}
          error={errors?.fields.items}
        />
        <DraftFormActions
          form={form}
          editable={editable}
          canDelete={book?.abilities.delete === true}
          name={book?.title}
          testId="taskbook"
        />
      </form>
      {book && <ProgressTable bookId={book.id} steps={book.items} />}
    </PageFrame>
  );
}
