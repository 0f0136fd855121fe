import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '../../../../shared/api/sessions';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { JoinButton, RecordingLinks, SessionStateBadge, useSessionTimes } from './SessionBits';
import { listLessonSessions, sessionKeys } from './sessionsApi';

/** The Sessions tab of a lesson's page: its sessions, newest first, to join or watch again. */
export function LessonSessionsPanel({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [error, setError] = useState<string | null>(null);
  const times = useSessionTimes();
  const query = useQuery({
    queryKey: sessionKeys.lesson(scope, lessonId),
    queryFn: ({ signal }) => listLessonSessions(scope, lessonId, signal),
    refetchInterval: 30_000,
  });
  const detailPath = role === 'teacher' ? 'meetings' : 'session';
  const columns: SimpleColumn<SessionSummary>[] = [
    {
      id: 'when',
      label: t('When'),
      width: '35%',
      cell: (row) => <AppLink to={`${basePath}/${detailPath}/${row.id}`}>{times(row)}</AppLink>,
    },
    { id: 'state', label: t('State'), cell: (row) => <SessionStateBadge state={row.state} /> },
    {
      id: 'recordings',
      label: t('Recordings'),
      cell: (row) => (row.recordings.length ? <RecordingLinks session={row} /> : '–'),
    },
    ...(role === 'admin'
      ? [
          {
            id: 'dashboard',
            label: t('Session dashboard'),
            cell: (row: SessionSummary) =>
              row.abilities.dashboard ? (
                <AppLink to={`${basePath}/session-dashboard/${row.id}`}>{t('Open')}</AppLink>
              ) : (
                '–'
              ),
          },
        ]
      : []),
    {
      id: 'join',
      label: t('Join'),
      cell: (row) => (row.abilities.join ? <JoinButton session={row} onError={setError} /> : '–'),
    },
  ];
  if (query.isError) return <LoadError message={apiErrorText(query.error)} />;
  if (!query.data) return <Spinner label={t('Loading...')} />;
  return (
    <>
      {role === 'teacher' && <AppLink to={`${basePath}/meetings`}>{t('All my meetings')}</AppLink>}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{t(error)}</MessageBarBody>
        </MessageBar>
      )}
      {query.data.length === 0 ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={query.data}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('Sessions')}
          testId="lesson-session-row"
        />
      )}
    </>
  );
}
