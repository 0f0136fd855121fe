import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmissionRow, Task } from '../../../../shared/api/tasks';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { GradeDialog } from './GradeDialog';
import { gradeText, TaskStateBadge } from './TaskStateBadge';
import { listSubmissions, taskKeys } from './tasksApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  counts: { color: tokens.colorNeutralForeground2 },
  opener: { minWidth: 0, justifyContent: 'flex-start', textAlign: 'start' },
});

/** Every student of the task's lesson: missing, handed in (late or not), graded; grade each. */
export function SubmissionsTab({ task }: { task: Task }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [grading, setGrading] = useState<SubmissionRow | null>(null);
  // Focus goes back to the name that opened the panel.
  const opener = useRef<HTMLButtonElement | null>(null);
  const rows = useQuery({
    queryKey: taskKeys.submissions(scope, task.id),
    // Others change these too (students hand in, teachers publish): always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) => listSubmissions(scope, task.id, signal),
  });
  const close = () => {
    setGrading(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const nameOf = (row: SubmissionRow) => `${row.last_name} ${row.first_name}`;

  const columns: SimpleColumn<SubmissionRow>[] = [
    {
      id: 'student',
      label: t('Student'),
      width: '34%',
      cell: (row) => (
        <Button
          appearance="transparent"
          className={styles.opener}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setGrading(row);
          }}
          data-testid="submission-open"
        >
          {nameOf(row)}
        </Button>
      ),
    },
    {
      id: 'state',
      label: t('Status'),
      cell: (row) => <TaskStateBadge state={row.submission.state} late={row.submission.late} />,
    },
    {
      id: 'submitted',
      label: t('Handed in'),
      cell: (row) =>
        row.submission.submitted_at && row.submission.state !== 'missing'
          ? formatLongDate(row.submission.submitted_at, i18n.language, true)
          : '–',
    },
    {
      id: 'points',
      label: t('Grade'),
      cell: (row) => gradeText(row.submission.points, task.points),
    },
  ];

  return (
    <section className={styles.root} aria-labelledby="submissions-heading">
      <Text as="h3" id="submissions-heading" size={500} weight="semibold" style={{ margin: 0 }}>
        {t('Submissions')}
      </Text>
      {task.counts && (
        <Text className={styles.counts} data-testid="submission-counts">
          {t('{{submitted}} of {{students}} handed in, {{late}} late, {{graded}} graded', {
            ...task.counts,
          })}
        </Text>
      )}
      {rows.isError && <LoadError message={apiErrorText(rows.error)} />}
      {rows.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : (rows.data ?? []).length === 0 ? (
        !rows.isError && <NothingFound />
      ) : (
        <SimpleList
          rows={rows.data!}
          columns={columns}
          rowKey={(row) => row.student_id}
          label={t('Submissions')}
          testId="submission-row"
        />
      )}
      <GradeDialog task={task} row={grading} onClose={close} />
    </section>
  );
}
