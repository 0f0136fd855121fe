import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Task } from '../../../../shared/api/tasks';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { RichTextEditor } from '../../components/editor';
import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError } from '../../resources/ListStates';
import { Attachments } from '../files/Attachments';
import { submissionEditorValue } from './submissionText';
import { gradeText, TaskStateBadge } from './TaskStateBadge';
import { getTask, saveSubmission, taskKeys } from './tasksApi';
import { useTasksInvalidation } from './useTasksInvalidation';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  meta: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    color: tokens.colorNeutralForeground2,
  },
  heading: { margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  feedback: { whiteSpace: 'pre-wrap' },
});

/** A student's task: what to do, and their own work: write, save a draft, hand it in. */
export function StudentTaskPage() {
  const { t } = useTranslation();
  const id = Number(useParams().task_id);
  const { schoolId, role } = useArea();
  const record = useQuery({
    queryKey: taskKeys.one({ schoolId, role }, id),
    queryFn: ({ signal }) => getTask({ schoolId, role }, id, signal),
    enabled: Number.isInteger(id),
  });
  const task = record.data;
  return (
    <PageFrame title={task?.title ?? t('Task')}>
      {record.isError ? (
        <LoadError message={apiErrorText(record.error)} />
      ) : !task ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <StudentTask task={task} />
      )}
    </PageFrame>
  );
}

function StudentTask({ task }: { task: Task }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const invalidation = useTasksInvalidation();
  const work = task.my_submission;
  const [text, setText] = useState<string | null>(() => submissionEditorValue(work?.text ?? ''));
  const [dirty, setDirty] = useState(false);
  const save = useMutation({
    mutationFn: (submit: boolean) =>
      saveSubmission({ schoolId, role }, task.id, text ?? '', submit),
    onSuccess: async (_saved, submit) => {
      setDirty(false);
      announce(submit ? t('Your work was handed in.') : t('Your draft was saved.'));
      await invalidation.afterWrite();
    },
  });
  const when = (iso: string) => formatLongDate(iso, i18n.language, true);
  const graded = work && (work.state === 'graded' || work.state === 'returned');

  return (
    <>
      <section className={styles.card} aria-labelledby="task-about">
        <Text as="h3" id="task-about" size={500} weight="semibold" className={styles.heading}>
          {t('The task')}
        </Text>
        <div className={styles.meta}>
          <Text>{task.lesson_name}</Text>
          <Text>{t('Due {{when}}', { when: when(task.due_at) })}</Text>
          <Text>{t('{{count}} points', { count: task.points })}</Text>
          {task.accept_late && <Text>{t('Late work accepted')}</Text>}
        </div>
        <RichTextEditor
          value={JSON.stringify(task.description)}
          editable={false}
          aria-label={t('Description')}
          data-testid="task-description"
        />
        <Attachments files={task.files} testId="task-attachments" />
      </section>
      {work && (
        <section className={styles.card} aria-labelledby="task-work">
          <Text as="h3" id="task-work" size={500} weight="semibold" className={styles.heading}>
            {t('Your work')}
          </Text>
          <div className={styles.meta}>
            <TaskStateBadge state={work.state} late={work.late} />
            {work.submitted_at && work.state !== 'draft' && (
              <Text>{t('Handed in {{when}}', { when: when(work.submitted_at) })}</Text>
            )}
          </div>
          {graded && (
            <div data-testid="task-grade">
              {work.points !== null && (
                <Text weight="semibold" block>
                  {t('Grade: {{grade}}', { grade: gradeText(work.points, task.points) })}
                </Text>
              )}
              {work.feedback && (
                <Text block className={styles.feedback}>
                  {t('Feedback: {{feedback}}', { feedback: work.feedback })}
                </Text>
              )}
            </div>
          )}
          {save.isError && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{apiErrorMessage(save.error, t)}</MessageBarBody>
            </MessageBar>
          )}
          <RichTextEditor
            value={text}
            onChange={(json) => {
              setText(json);
              setDirty(true);
            }}
            editable={work.editable}
            aria-labelledby="task-work"
            data-testid="submission-editor"
          />
          <Attachments
            files={work.files}
            target={work.editable ? { type: 'submission', entityId: task.id } : null}
            title={t('Your files')}
            testId="submission-attachments"
          />
          {work.editable && (
            <div className={styles.actions}>
              <Button
                onClick={() => save.mutate(false)}
                disabledFocusable={save.isPending}
                data-testid="submission-draft"
              >
                {t('Save draft')}
              </Button>
              <Button
                appearance="primary"
                onClick={() => save.mutate(true)}
                disabledFocusable={save.isPending}
                icon={save.isPending ? <Spinner size="tiny" /> : undefined}
                data-testid="submission-submit"
              >
                {t('Submit')}
              </Button>
            </div>
          )}
        </section>
      )}
      <LeaveWithoutSavingDialog when={dirty} />
    </>
  );
}
