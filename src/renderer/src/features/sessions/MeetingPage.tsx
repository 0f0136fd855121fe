import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { CallEnd20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Attendee } from '../../../../shared/api/sessions';
import type { Role } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { ROLE_LABELS } from '../../app/roleLabels';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { AttendanceSuggestionSection } from './AttendanceSuggestionSection';
import {
  durationText,
  JoinButton,
  RECORDING_LABELS,
  RecordingLinks,
  SessionStateBadge,
  useSessionTimes,
} from './SessionBits';
import { SessionFacts } from './SessionFacts';
import { endMeeting, getMeeting, sessionKeys } from './sessionsApi';

/** The teacher's `meetings/{meeting_id}` (spec §2): who attended, for how long, recordings. */
export function MeetingPage() {
  const { t, i18n } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const id = Number(useParams().meeting_id);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const times = useSessionTimes();
  const query = useQuery({
    queryKey: sessionKeys.meeting(scope, id),
    queryFn: ({ signal }) => getMeeting(scope, id, signal),
    enabled: Number.isInteger(id),
    refetchInterval: (q) => (q.state.data?.state === 'live' ? 15_000 : false),
  });
  const end = useMutation({
    mutationFn: () => endMeeting(scope, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all(scope) }),
    onError: (failure) => setError(apiErrorText(failure)),
  });
  const meeting = query.data;
  const time = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
      : '–';
  const columns: SimpleColumn<Attendee>[] = [
    {
      id: 'name',
      label: t('Name'),
      width: '30%',
      cell: (row) => `${row.last_name} ${row.first_name}`,
    },
    { id: 'role', label: t('Role'), cell: (row) => t(ROLE_LABELS[row.role as Role] ?? row.role) },
    { id: 'joined', label: t('Joined'), cell: (row) => time(row.first_joined_at) },
    {
      id: 'left',
      label: t('Left'),
      cell: (row) => (row.in_now ? t('Still in the call') : time(row.last_left_at)),
    },
    {
      id: 'total',
      label: t('Time in the call'),
      cell: (row) => durationText(row.total_seconds, t),
    },
  ];

  return (
    <PageFrame
      title={meeting?.title ?? t('Meeting')}
      actions={
        meeting ? (
          <>
            <JoinButton session={meeting} onError={setError} />
            {meeting.abilities.end && (
              <Button
                icon={<CallEnd20Regular />}
                disabled={end.isPending}
                onClick={() => end.mutate()}
                data-testid="session-end"
              >
                {t('End session')}
              </Button>
            )}
          </>
        ) : undefined
      }
    >
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{t(error)}</MessageBarBody>
        </MessageBar>
      )}
      {!Number.isInteger(id) ? (
        <NothingFound />
      ) : query.isError ? (
        <LoadError message={apiErrorText(query.error)} />
      ) : !meeting ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <SessionFacts
            label={t('About the session')}
            facts={[
              { term: t('State'), value: <SessionStateBadge state={meeting.state} /> },
              { term: t('When'), value: times(meeting) },
              {
                term: t('Lesson'),
                value:
                  meeting.lesson_id !== null ? (
                    <AppLink
                      to={`${basePath}/${role === 'admin' ? 'lessons' : 'lesson'}/${meeting.lesson_id}`}
                    >
                      {meeting.lesson_name}
                    </AppLink>
                  ) : (
                    t('Staff meeting')
                  ),
              },
              {
                term: t('Held'),
                value: meeting.started_at
                  ? `${formatLongDate(meeting.started_at, i18n.language, true)} – ${time(meeting.ended_at)}`
                  : '–',
              },
              { term: t('Recording'), value: t(RECORDING_LABELS[meeting.recording_state]) },
            ]}
          />
          <section aria-labelledby="meeting-attendance">
            <h3 id="meeting-attendance">{t('Who attended')}</h3>
            {meeting.attendance.length === 0 ? (
              <NothingFound />
            ) : (
              <SimpleList
                rows={meeting.attendance}
                columns={columns}
                rowKey={(row) => row.user_id}
                label={t('Who attended')}
                testId="meeting-attendee"
              />
            )}
          </section>
          <section aria-labelledby="meeting-recordings">
            <h3 id="meeting-recordings">{t('Recordings')}</h3>
            {meeting.recordings.length === 0 ? (
              <p>{t('No recordings.')}</p>
            ) : (
              <RecordingLinks session={meeting} />
            )}
          </section>
          {meeting.abilities.attendance && <AttendanceSuggestionSection meetingId={meeting.id} />}
        </>
      )}
    </PageFrame>
  );
}
