import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { SessionDashboard } from '../../../../shared/api/sessions';
import type { Role } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { ROLE_LABELS } from '../../app/roleLabels';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { LoadError, NothingFound } from '../../resources/ListStates';
import {
  JoinButton,
  RECORDING_LABELS,
  RecordingLinks,
  SessionStateBadge,
  useSessionTimes,
} from './SessionBits';
import { SessionFacts } from './SessionFacts';
import { getDashboard, sessionKeys } from './sessionsApi';

/** How often the dashboard asks again while the session is live. */
const LIVE_REFRESH_MS = 5_000;

type Present = SessionDashboard['present'][number];
type Event = SessionDashboard['events'][number];

/**
 * The office's `session-dashboard/{session_id}` (spec §2): live or not, who is in since when,
 * every join and leave, the recording's state; refreshed every few seconds while live.
 */
export function SessionDashboardPage() {
  const { t, i18n } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const id = Number(useParams().session_id);
  const [error, setError] = useState<string | null>(null);
  const times = useSessionTimes();
  const query = useQuery({
    queryKey: sessionKeys.dashboard(scope, id),
    queryFn: ({ signal }) => getDashboard(scope, id, signal),
    enabled: Number.isInteger(id),
    refetchInterval: (q) => (q.state.data?.session.state === 'live' ? LIVE_REFRESH_MS : false),
  });
  const data = query.data;
  const clock = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  const name = (row: { first_name: string; last_name: string }) =>
    `${row.last_name} ${row.first_name}`;
  const presentColumns: SimpleColumn<Present>[] = [
    { id: 'name', label: t('Name'), width: '40%', cell: name },
    { id: 'role', label: t('Role'), cell: (row) => t(ROLE_LABELS[row.role as Role] ?? row.role) },
    { id: 'since', label: t('In since'), cell: (row) => clock(row.since) },
  ];
  const eventColumns: SimpleColumn<Event>[] = [
    { id: 'at', label: t('Time'), width: '20%', cell: (row) => clock(row.at) },
    { id: 'name', label: t('Name'), cell: name },
    { id: 'role', label: t('Role'), cell: (row) => t(ROLE_LABELS[row.role as Role] ?? row.role) },
    {
      id: 'event',
      label: t('Event'),
      cell: (row) => (row.event === 'joined' ? t('Joined') : t('Left')),
    },
  ];
  return (
    <PageFrame
      title={
        data ? t('Dashboard: {{title}}', { title: data.session.title }) : t('Session dashboard')
      }
      actions={data ? <JoinButton session={data.session} onError={setError} /> : undefined}
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
      ) : !data ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <SessionFacts
            label={t('About the session')}
            facts={[
              {
                term: t('State'),
                value: <SessionStateBadge state={data.session.state} />,
                testId: 'dashboard-state',
              },
              { term: t('When'), value: times(data.session) },
              {
                term: t('Lesson'),
                value:
                  data.session.lesson_id !== null ? (
                    <AppLink to={`${basePath}/lessons/${data.session.lesson_id}`}>
                      {data.session.lesson_name}
                    </AppLink>
                  ) : (
                    t('Staff meeting')
                  ),
              },
              {
                term: t('In the call now'),
                value: String(data.present.length),
                testId: 'dashboard-in-now',
              },
              {
                term: t('Recording'),
                value: t(RECORDING_LABELS[data.session.recording_state]),
                testId: 'dashboard-recording',
              },
            ]}
          />
          <section aria-labelledby="dashboard-present">
            <h3 id="dashboard-present">{t('In the call now')}</h3>
            {data.present.length === 0 ? (
              <NothingFound />
            ) : (
              <SimpleList
                rows={data.present}
                columns={presentColumns}
                rowKey={(row) => row.user_id}
                label={t('In the call now')}
                testId="dashboard-present-row"
              />
            )}
          </section>
          <section aria-labelledby="dashboard-events">
            <h3 id="dashboard-events">{t('Joins and leaves')}</h3>
            {data.events.length === 0 ? (
              <NothingFound />
            ) : (
              <SimpleList
                rows={data.events}
                columns={eventColumns}
                rowKey={(row) => `${row.at}:${row.user_id}:${row.event}`}
                label={t('Joins and leaves')}
                testId="dashboard-event-row"
              />
            )}
          </section>
          {data.session.recordings.length > 0 && (
            <section aria-labelledby="dashboard-recordings">
              <h3 id="dashboard-recordings">{t('Recordings')}</h3>
              <RecordingLinks session={data.session} />
            </section>
          )}
        </>
      )}
    </PageFrame>
  );
}
