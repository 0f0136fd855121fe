import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceStatusName } from '../../../../shared/api/attendance';
import type { AttendanceSuggestion } from '../../../../shared/api/sessions';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { msg } from '../../i18n/msg';
import { LoadError } from '../../resources/ListStates';
import { durationText } from './SessionBits';
import { confirmAttendance, getAttendanceSuggestion, sessionKeys } from './sessionsApi';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

const STATUS_LABELS: Record<AttendanceStatusName, string> = {
  present: msg('Present'),
  absent: msg('Absent'),
  late: msg('Late'),
  excused: msg('Excused'),
};

type Entry = AttendanceSuggestion['entries'][number];

/**
 * The lesson's register as the session's joins suggest it: each student's time in the call
 * and the suggested status, which the teacher may change before saving it as the register.
 */
export function AttendanceSuggestionSection({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Record<number, AttendanceStatusName>>({});
  const query = useQuery({
    queryKey: sessionKeys.attendance(scope, meetingId),
    queryFn: ({ signal }) => getAttendanceSuggestion(scope, meetingId, signal),
  });
  const statusOf = (entry: Entry) => choices[entry.student_id] ?? entry.suggested;
  const save = useMutation({
    mutationFn: () =>
      confirmAttendance(
        scope,
        meetingId,
        (query.data?.entries ?? []).map((e) => ({ student_id: e.student_id, status: statusOf(e) })),
      ),
    onSuccess: async () => {
      announce(t('The register is saved.'));
      await queryClient.invalidateQueries({ queryKey: sessionKeys.attendance(scope, meetingId) });
    },
  });
  const data = query.data;
  const columns: SimpleColumn<Entry>[] = [
    {
      id: 'name',
      label: t('Student'),
      width: '30%',
      cell: (row) => `${row.last_name} ${row.first_name}`,
    },
    { id: 'time', label: t('Time in the call'), cell: (row) => durationText(row.seconds, t) },
    {
      id: 'recorded',
      label: t('In the register'),
      cell: (row) => (row.recorded ? t(STATUS_LABELS[row.recorded]) : '–'),
    },
    {
      id: 'status',
      label: t('Status'),
      cell: (row) => (
        <Select
          aria-label={t('Status of {{name}}', { name: `${row.first_name} ${row.last_name}` })}
          value={statusOf(row)}
          onChange={(_event, choice) =>
            setChoices((current) => ({
              ...current,
              [row.student_id]: choice.value as AttendanceStatusName,
            }))
          }
          data-testid="suggestion-status"
        >
          {ATTENDANCE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_LABELS[status])}
            </option>
          ))}
        </Select>
      ),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="meeting-register">
      <h3 id="meeting-register">{t('Attendance from this session')}</h3>
      {query.isError ? (
        <LoadError message={apiErrorText(query.error)} />
      ) : !data ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <p>
            {t(
              'Suggested from who joined: under 5 minutes in the call is absent, joining more than 10 minutes after the start is late. Check and save it as the register of {{date}}.',
              { date: data.date },
            )}
          </p>
          {data.register_taken && (
            <MessageBar intent="info">
              <MessageBarBody>
                {t('The register of this day was already taken; saving changes it.')}
              </MessageBarBody>
            </MessageBar>
          )}
          <SimpleList
            rows={data.entries}
            columns={columns}
            rowKey={(row) => row.student_id}
            label={t('Attendance from this session')}
            testId="suggestion-row"
          />
          {save.error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{t(apiErrorText(save.error))}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={save.isPending || data.entries.length === 0}
              icon={save.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => save.mutate()}
              data-testid="suggestion-confirm"
            >
              {t('Save as the register')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
