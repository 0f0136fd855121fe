import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import {
  JoinButton,
  RECORDING_LABELS,
  RecordingLinks,
  SessionStateBadge,
  useSessionTimes,
} from './SessionBits';
import { SessionFacts } from './SessionFacts';
import { getSession, sessionKeys } from './sessionsApi';

/**
 * `session/{session_id}` of every role that may join (spec §2): what the session is, when, a
 * Join button while the server allows it, and the recordings once it is over.
 */
export function SessionPage() {
  const { t } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const id = Number(useParams().session_id);
  const [error, setError] = useState<string | null>(null);
  const times = useSessionTimes();
  const query = useQuery({
    queryKey: sessionKeys.session(scope, id),
    queryFn: ({ signal }) => getSession(scope, id, signal),
    enabled: Number.isInteger(id),
    // A planned session turns live when its teacher starts it.
    refetchInterval: 30_000,
  });
  const session = query.data;
  const lessonPath = role === 'admin' ? 'lessons' : 'lesson';
  return (
    <PageFrame
      title={session?.title ?? t('Session')}
      actions={session ? <JoinButton session={session} onError={setError} /> : undefined}
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
      ) : !session ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <SessionFacts
            label={t('About the session')}
            facts={[
              { term: t('State'), value: <SessionStateBadge state={session.state} /> },
              { term: t('When'), value: times(session), testId: 'session-when' },
              {
                term: t('Lesson'),
                value:
                  session.lesson_id !== null && role !== 'client' ? (
                    <AppLink to={`${basePath}/${lessonPath}/${session.lesson_id}`}>
                      {session.lesson_name}
                    </AppLink>
                  ) : (
                    (session.lesson_name ?? t('Staff meeting'))
                  ),
              },
              { term: t('In the call now'), value: String(session.in_now) },
              ...(session.abilities.host || role === 'admin'
                ? [{ term: t('Recording'), value: t(RECORDING_LABELS[session.recording_state]) }]
                : []),
            ]}
          />
          {session.state === 'upcoming' && !session.abilities.join && (
            <MessageBar intent="info">
              <MessageBarBody>
                {t(
                  'You can join a quarter of an hour before the start, or once the teacher starts it.',
                )}
              </MessageBarBody>
            </MessageBar>
          )}
          {session.recordings.length > 0 && (
            <section aria-label={t('Recordings')}>
              <h3>{t('Recordings')}</h3>
              <RecordingLinks session={session} />
            </section>
          )}
          <nav aria-label={t('More about the session')}>
            {role === 'teacher' && (
              <AppLink to={`${basePath}/meetings/${session.id}`}>
                {t('Attendance and details')}
              </AppLink>
            )}
            {session.abilities.dashboard && (
              <AppLink to={`${basePath}/session-dashboard/${session.id}`}>
                {t('Session dashboard')}
              </AppLink>
            )}
          </nav>
        </>
      )}
    </PageFrame>
  );
}
