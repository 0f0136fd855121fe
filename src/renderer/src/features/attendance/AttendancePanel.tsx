import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttendanceStatusName } from '../../../../shared/api/attendance';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { attendanceKeys, getRegister, saveRegister } from './attendanceApi';
import { dayOf } from './attendanceDates';
import { RollCallRow } from './RollCallRow';
import { FLOATING_ACTION_SPACE } from '../../components/floatingActionSpace';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
  },
  day: { width: '180px' },
  counts: { color: tokens.colorNeutralForeground2 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    margin: 0,
    padding: 0,
    listStyle: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  save: {
    position: 'sticky',
    bottom: 0,
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalS} 0`,
    paddingRight: FLOATING_ACTION_SPACE,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/**
 * The lesson page's roll call: everyone present until marked otherwise, one tap per student
 * for absent, late or excused, and one save for the whole register. A day already taken shows
 * what was recorded, and saving again corrects it (the server audits corrections).
 */
export function AttendancePanel({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const queryClient = useQueryClient();
  const today = dayOf(new Date());
  const [date, setDate] = useState(today);
  const register = useQuery({
    queryKey: attendanceKeys.register(scope, lessonId, date),
    staleTime: 0,
    queryFn: ({ signal }) => getRegister(scope, lessonId, date, signal),
  });
  // The marks as the teacher sets them, from the register as recorded.
  const [marks, setMarks] = useState<Map<number, AttendanceStatusName>>(new Map());
  useEffect(() => {
    if (register.data)
      setMarks(new Map(register.data.students.map((s) => [s.student_id, s.status])));
  }, [register.data]);
  const recorded = useMemo(
    () => new Map(register.data?.students.map((s) => [s.student_id, s.status]) ?? []),
    [register.data],
  );
  const changed = [...marks].some(([id, status]) => recorded.get(id) !== status);
  const save = useMutation({
    mutationFn: () => saveRegister(scope, lessonId, date, marks),
    onSuccess: async (saved) => {
      queryClient.setQueryData(attendanceKeys.register(scope, lessonId, date), saved);
      announce(t('Attendance saved.'));
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all(scope) });
    },
  });
  const count = (status: AttendanceStatusName) =>
    [...marks.values()].filter((s) => s === status).length;
  const mark = (studentId: number, status: AttendanceStatusName) => {
    save.reset();
    setMarks((current) => new Map(current).set(studentId, status));
  };

  return (
    <div className={styles.panel} data-testid="attendance-panel">
      <div className={styles.top}>
        <Field label={t('Day')} className={styles.day}>
          <Input
            type="date"
            value={date}
            max={today}
            onChange={(_event, data) => data.value && data.value <= today && setDate(data.value)}
            data-testid="attendance-date"
          />
        </Field>
        {register.data && (
          <Text className={styles.counts} data-testid="attendance-counts" aria-live="polite">
            {t('{{present}} present · {{absent}} absent · {{late}} late · {{excused}} excused', {
              present: count('present'),
              absent: count('absent'),
              late: count('late'),
              excused: count('excused'),
            })}
          </Text>
        )}
      </div>
      {register.isError ? (
        <LoadError message={apiErrorText(register.error)} />
      ) : !register.data ? (
        <Spinner label={t('Loading...')} />
      ) : register.data.students.length === 0 ? (
        <NothingFound />
      ) : (
        <>
          <MessageBar intent={register.data.taken ? 'success' : 'info'}>
            <MessageBarBody data-testid="attendance-state">
              {register.data.taken
                ? t('Attendance was taken for this day; saving again corrects it.')
                : t('Not taken yet: everyone is present until you mark them.')}
            </MessageBarBody>
          </MessageBar>
          <ul className={styles.list} aria-label={t('Students')}>
            {register.data.students.map((student) => (
              <RollCallRow
                key={student.student_id}
                name={`${student.last_name} ${student.first_name}`}
                status={marks.get(student.student_id) ?? 'present'}
                recorded={student.recorded ? student.status : null}
                justified={student.justified}
                onMark={(status) => mark(student.student_id, status)}
              />
            ))}
          </ul>
          <div className={styles.save}>
            <Button
              appearance="primary"
              disabledFocusable={save.isPending || (register.data.taken && !changed)}
              onClick={() => save.mutate()}
              data-testid="attendance-save"
            >
              {save.isPending ? t('Saving…') : t('Save attendance')}
            </Button>
            {save.isSuccess && !changed && (
              <Text data-testid="attendance-saved">{t('Attendance saved.')}</Text>
            )}
            {save.isError && (
              <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                {apiErrorMessage(save.error, t)}
              </Text>
            )}
          </div>
        </>
      )}
    </div>
  );
}
