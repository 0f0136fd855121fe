import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmissionRow, Task } from '../../../../shared/api/tasks';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { RichTextEditor } from '../../components/editor';
import { Attachments } from '../files/Attachments';
import { formatLongDate } from '../../i18n/formatDate';
import { gradeSubmission, type Grading } from './tasksApi';
import { submissionEditorValue } from './submissionText';
import { TaskStateBadge } from './TaskStateBadge';
import { useTasksInvalidation } from './useTasksInvalidation';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  meta: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  work: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
  },
  points: { maxWidth: '160px' },
});

/** The grading panel of one student's handed-in work: points, feedback, or return it. */
export function GradeDialog({
  task,
  row,
  onClose,
}: {
  task: Task;
  row: SubmissionRow | null;
  onClose: () => void;
}) {
  if (!row) return null;
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <GradeSurface task={task} row={row} onClose={onClose} key={row.student_id} />
    </Dialog>
  );
}

function GradeSurface({
  task,
  row,
  onClose,
}: {
  task: Task;
  row: SubmissionRow;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const invalidation = useTasksInvalidation();
  const work = row.submission;
  const [points, setPoints] = useState(work.points === null ? '' : String(work.points));
  const [feedback, setFeedback] = useState(work.feedback ?? '');
  const name = `${row.last_name} ${row.first_name}`;
  const grade = useMutation({
    mutationFn: (grading: Grading) =>
      gradeSubmission({ schoolId, role }, task.id, work.id!, grading),
    onSuccess: async (_saved, grading) => {
      await invalidation.afterWrite();
      announce(grading.returned ? t('The work was returned.') : t('The grade was saved.'));
      onClose();
    },
  });
  const errors = grade.error ? formErrors(grade.error, ['points', 'feedback'], t) : null;
  const canGrade = work.id !== null && (work.state === 'submitted' || work.state === 'graded');

  return (
    <DialogSurface data-testid="grade-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // Not on to any form around the dialog (React bubbles through the portal).
          event.stopPropagation();
          grade.mutate({ points: points === '' ? null : Number(points), feedback });
        }}
      >
        <DialogBody>
          <DialogTitle>{name}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.meta}>
              <TaskStateBadge state={work.state} late={work.late} />
              {work.submitted_at && (
                <Text size={200}>
                  {t('Handed in {{when}}', {
                    when: formatLongDate(work.submitted_at, i18n.language, true),
                  })}
                </Text>
              )}
            </div>
            <div className={styles.work}>
              <RichTextEditor
                value={submissionEditorValue(work.text)}
                editable={false}
                aria-label={t('The work of {{name}}', { name })}
                data-testid="grade-work"
              />
            </div>
            <Attachments files={work.files} testId="grade-attachments" />
            {errors?.general && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{errors.general}</MessageBarBody>
              </MessageBar>
            )}
            <Field
              label={t('Points (out of {{max}})', { max: task.points })}
              validationMessage={errors?.fields.points}
              className={styles.points}
            >
              <Input
                type="number"
                min={0}
                max={task.points}
                value={points}
                disabled={!canGrade}
                onChange={(_event, data) => setPoints(data.value)}
                data-testid="grade-points"
              />
            </Field>
            <Field label={t('Feedback')} validationMessage={errors?.fields.feedback}>
              <Textarea
                value={feedback}
                disabled={!canGrade}
                resize="vertical"
                onChange={(_event, data) => setFeedback(data.value)}
                data-testid="grade-feedback"
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button
              type="button"
              disabled={!canGrade || grade.isPending}
              onClick={() => grade.mutate({ feedback, returned: true })}
              data-testid="grade-return"
            >
              {t('Return for another try')}
            </Button>
            <Button
              appearance="primary"
              type="submit"
              disabled={!canGrade}
              disabledFocusable={grade.isPending}
              icon={grade.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="grade-save"
            >
              {t('Save grade')}
            </Button>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
