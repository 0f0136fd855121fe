import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Text,
  Toast,
  ToastTitle,
  tokens,
  useRestoreFocusTarget,
  useToastController,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Task } from '../../../../shared/api/tasks';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { APP_TOASTER } from '../../app/toaster';
import { RichTextEditor } from '../../components/editor';
import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';
import { DeleteConfirmDialog } from '../../resources/DeleteConfirmDialog';
import { Attachments } from '../files/Attachments';
import { LessonPicker } from '../lessons/LessonPicker';
import { createTask, deleteTask, type TaskDraft, updateTask } from './tasksApi';
import { fromLocalInput, toLocalInput } from './taskStates';
import { useTasksInvalidation } from './useTasksInvalidation';

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
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
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
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const { dispatchToast } = useToastController(APP_TOASTER);
  const invalidation = useTasksInvalidation();
  const restoreFocus = useRestoreFocusTarget();
  const [draft, setDraft] = useState<TaskDraft>(() => draftOf(task));
  const [lessonId, setLessonId] = useState<number | null>(task?.lesson_id ?? null);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editable = task ? task.abilities.update : true;
  const change = (next: Partial<TaskDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setDirty(true);
  };

  // The form's values travel with the call: a Save clicked straight after a change sends that
  // change (options set in an effect could still hold the render before it).
  const save = useMutation({
    mutationFn: ({ values, lesson }: { values: TaskDraft; lesson: number | null }) =>
      task ? updateTask(scope, task.id, values) : createTask(scope, lesson ?? 0, values),
    onSuccess: async (saved) => {
      flushSync(() => setDirty(false));
      dispatchToast(
        <Toast>
          <ToastTitle>{t('Updated Successfully!')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
      await invalidation.afterWrite();
      if (!task) void navigate(`${basePath}/tasks/${saved.id}`, { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteTask(scope, task!.id),
    onSuccess: async () => {
      flushSync(() => setDirty(false));
      await invalidation.afterWrite();
      void navigate(`${basePath}/tasks`);
    },
    onSettled: () => setConfirming(false),
  });
  const errors = save.error ? formErrors(save.error, SHOWN_FIELDS, t) : null;
  const removeError = remove.error ? formErrors(remove.error, [], t).general : '';

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
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (editable) save.mutate({ values: draft, lesson: lessonId });
        }}
        data-testid="task-form"
      >
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
                setLessonId(next);
                setDirty(true);
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
        {editable && (
          <div className={styles.actions}>
            <Button
              appearance="primary"
              type="submit"
              disabledFocusable={save.isPending}
              icon={save.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="task-save"
            >
              {t('Save')}
            </Button>
            {task?.abilities.delete && (
              <Button
                {...restoreFocus}
                type="button"
                onClick={() => setConfirming(true)}
                data-testid="task-delete"
              >
                {t('Delete')}
              </Button>
            )}
          </div>
        )}
        <DeleteConfirmDialog
          open={confirming}
          name={task?.title}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate()}
        />
        <LeaveWithoutSavingDialog when={dirty} />
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
