import {
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../shared/api/tasks';
import { useArea } from '../../app/area/AreaContext';
import { RichTextEditor } from '../../components/editor';
import { useDraftForm } from '../../components/useDraftForm';
import { Attachments } from '../files/Attachments';
import { LessonPicker } from '../lessons/LessonPicker';
import { createTask, deleteTask, type TaskDraft, updateTask } from './tasksApi';
import { fromLocalInput, toLocalInput } from './taskStates';
import { useTasksInvalidation } from './useTasksInvalidation';
import { DraftFormActions } from '../../components/DraftFormActions';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-end',
  },
  grow: { flexGrow: 1, minWidth: '220px' },
  small: { width: '140px' },
  label: { fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const SHOWN_FIELDS = ['title', 'lesson_id', 'description', 'open_at', 'due_at', 'points'] as const;

const draftOf = (task: Task | null): TaskDraft =>
  task
    ? {
        title: task.title,
        description: JSON.stringify(task.description),
        open_at: task.open_at,
        due_at: task.due_at,
        points: String(task.points),
        accept_late: task.accept_late,
        published: task.published,
      }
    : {
        title: '',
        description: null,
        open_at: '',
        due_at: '',
        points: '10',
        accept_late: false,
        published: false,
      };

/** A task's settings and description: create, change, publish, delete (as abilities allow). */
export function TaskForm({ task }: { task: Task | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const invalidation = useTasksInvalidation();
  const editable = task ? task.abilities.update : true;
  const form = useDraftForm({
    initial: draftOf(task),
    initialLesson: task?.lesson_id ?? null,
    editable,
    fields: SHOWN_FIELDS,
    save: (values: TaskDraft, lesson) =>
      task ? updateTask(scope, task.id, values) : createTask(scope, lesson ?? 0, values),
    remove: () => deleteTask(scope, task!.id),
    afterWrite: invalidation.afterWrite,
    openCreated: task ? undefined : (id) => `${basePath}/tasks/${id}`,
    listPath: `${basePath}/tasks`,
  });
  const { draft, change, lessonId, chooseLesson, submit, errors, removeError } = form;

  const instantField = (name: 'open_at' | 'due_at', label: string, required: boolean) => (
    <Field
      label={label}
      required={required}
      validationMessage={errors?.fields[name]}
      className={styles.grow}
    >
      <Input
        type="datetime-local"
        value={toLocalInput(draft[name])}
        readOnly={!editable}
        onChange={(_event, data) => change({ [name]: fromLocalInput(data.value) })}
        data-testid={`task-${name}`}
      />
    </Field>
  );

  return (
    <>
      <form className={styles.form} onSubmit={submit} data-testid="task-form">
        {(errors?.general || removeError) && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{errors?.general || removeError}</MessageBarBody>
          </MessageBar>
        )}
        {!editable && <Text>{t('You may read this task but not change it.')}</Text>}
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
              data-testid="task-title"
            />
          </Field>
          {task ? (
            <Field label={t('Lesson')} className={styles.grow}>
              <Input value={task.lesson_name} readOnly />
            </Field>
          ) : (
            <LessonPicker
              value={lessonId}
              onChange={(next) => {
                chooseLesson(next);
              }}
              error={errors?.fields.lesson_id}
            />
          )}
        </div>
        <div className={styles.row}>
          {instantField('open_at', t('Opens'), false)}
          {instantField('due_at', t('Due'), true)}
          <Field
            label={t('Points')}
            required
            validationMessage={errors?.fields.points}
            className={styles.small}
          >
            <Input
              type="number"
              min={0}
              max={1000}
              value={draft.points}
              readOnly={!editable}
              onChange={(_event, data) => change({ points: data.value })}
              data-testid="task-points"
            />
          </Field>
        </div>
        <div className={styles.row}>
          <Switch
            label={t('Late work accepted')}
            checked={draft.accept_late}
            disabled={!editable}
            onChange={(_event, data) => change({ accept_late: data.checked })}
            data-testid="task-accept-late"
          />
          <Switch
            label={t('Published')}
            checked={draft.published}
            disabled={!editable}
            onChange={(_event, data) => change({ published: data.checked })}
            data-testid="task-published"
          />
        </div>
        <Text id="task-description-label" className={styles.label}>
          {t('Description')}
        </Text>
        {errors?.fields.description && (
          <Text role="alert" className={styles.error}>
            {errors.fields.description}
          </Text>
        )}
        <RichTextEditor
          value={draft.description}
          onChange={(json) => change({ description: json })}
          editable={editable}
          aria-labelledby="task-description-label"
          data-testid="task-editor"
        />
        <DraftFormActions
          form={form}
          editable={editable}
          canDelete={task?.abilities.delete === true}
          name={task?.title}
          testId="task"
        />
      </form>
      {task ? (
        <Attachments
          files={task.files}
          target={editable ? { type: 'task', entityId: task.id } : null}
          testId="task-attachments"
        />
      ) : (
        <Text>{t('Save the task to attach files to it.')}</Text>
      )}
    </>
  );
}
