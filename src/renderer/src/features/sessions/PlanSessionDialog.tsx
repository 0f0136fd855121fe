import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { CalendarAdd20Regular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CreateMeetingBody } from '../../../../shared/api/sessions';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { useLessonChoices } from '../lessons/useLessonChoices';
import { createMeeting, sessionKeys } from './sessionsApi';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  times: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

const STAFF = 'staff';

/** Plans a session: a lesson's (from its timetable or at a time) or a staff meeting. */
export function PlanSessionButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<CalendarAdd20Regular />} data-testid="plan-session">
          {t('Plan a session')}
        </Button>
      </DialogTrigger>
      <PlanSurface onClose={() => setOpen(false)} />
    </Dialog>
  );
}

function PlanSurface({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const lessons = useLessonChoices();
  const [lesson, setLesson] = useState<string>('');
  const [when, setWhen] = useState<CreateMeetingBody['when']>('timetable');
  const [date, setDate] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [title, setTitle] = useState('');
  const chosenLesson = lesson || (role === 'teacher' ? String(lessons.data?.[0]?.id ?? '') : STAFF);
  const staff = chosenLesson === STAFF;
  const effectiveWhen = staff && when === 'timetable' ? 'at' : when;
  const plan = useMutation({
    mutationFn: () =>
      createMeeting(scope, {
        lesson_id: staff ? null : Number(chosenLesson),
        title: title.trim() || undefined,
        when: effectiveWhen,
        date: effectiveWhen === 'now' ? undefined : date || undefined,
        start_time: effectiveWhen === 'at' ? start || undefined : undefined,
        end_time: effectiveWhen === 'at' ? end || undefined : undefined,
      }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all(scope) });
      announce(t('The session {{title}} is planned.', { title: saved.title }));
      onClose();
      void navigate(`${basePath}/meetings/${saved.id}`);
    },
  });
  const errors = plan.error
    ? formErrors(plan.error, ['lesson_id', 'date', 'start_time', 'end_time', 'title'], t)
    : null;
  return (
    <DialogSurface data-testid="plan-session-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          plan.mutate();
        }}
      >
        <DialogBody>
          <DialogTitle>{t('Plan a session')}</DialogTitle>
          <DialogContent className={styles.content}>
            {errors?.general && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{errors.general}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('Lesson')} validationMessage={errors?.fields.lesson_id}>
              <Select value={chosenLesson} onChange={(_event, data) => setLesson(data.value)}>
                {role === 'teacher' &&
                  (lessons.data ?? []).map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.name}
                    </option>
                  ))}
                <option value={STAFF}>{t('Staff meeting')}</option>
              </Select>
            </Field>
            <Field label={t('Title (optional)')} validationMessage={errors?.fields.title}>
              <Input value={title} onChange={(_event, data) => setTitle(data.value)} />
            </Field>
            <Field label={t('When')}>
              <Select
                value={effectiveWhen}
                onChange={(_event, data) => setWhen(data.value as CreateMeetingBody['when'])}
                data-testid="plan-session-when"
              >
                {!staff && <option value="timetable">{t("At the lesson's time on a day")}</option>}
                <option value="at">{t('On a day at a time')}</option>
                <option value="now">{t('Now')}</option>
              </Select>
            </Field>
            {effectiveWhen !== 'now' && (
              <Field label={t('Day')} required validationMessage={errors?.fields.date}>
                <Input type="date" value={date} onChange={(_event, data) => setDate(data.value)} />
              </Field>
            )}
            {effectiveWhen === 'at' && (
              <div className={styles.times}>
                <Field label={t('Starts')} required validationMessage={errors?.fields.start_time}>
                  <Input type="time" value={start} onChange={(_e, data) => setStart(data.value)} />
                </Field>
                <Field label={t('Ends')} required validationMessage={errors?.fields.end_time}>
                  <Input type="time" value={end} onChange={(_e, data) => setEnd(data.value)} />
                </Field>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button
              appearance="primary"
              type="submit"
              disabledFocusable={plan.isPending}
              icon={plan.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="plan-session-confirm"
            >
              {t('Plan')}
            </Button>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
