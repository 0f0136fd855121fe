import { Badge, Button, Link, Spinner } from '@fluentui/react-components';
import { Video20Regular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type {
  RecordingStateName,
  SessionState,
  SessionSummary,
} from '../../../../shared/api/sessions';
import { apiErrorText } from '../../api/apiErrorText';
import { activeCallAtom } from '../../components/callWindow/callState';
import { formatLongDate } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { useOpenCall } from './useOpenCall';

// Small pieces every sessions screen shows: the state badge, the time span, the recordings,
// the Join button.

const STATE_LABELS: Record<SessionState, string> = {
  upcoming: msg('Upcoming'),
  live: msg('Live now'),
  ended: msg('Ended'),
  missed: msg('Not held'),
};
const STATE_COLORS = {
  upcoming: 'informative',
  live: 'danger',
  ended: 'subtle',
  missed: 'warning',
} as const;

export const RECORDING_LABELS: Record<RecordingStateName, string> = {
  off: msg('Not recorded'),
  starting: msg('Recording is starting'),
  on: msg('Recording'),
  stopped: msg('Recorded'),
  failed: msg('Recording failed'),
};

export function SessionStateBadge({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={STATE_COLORS[state]} data-testid="session-state">
      {t(STATE_LABELS[state])}
    </Badge>
  );
}

/** "Tuesday 24 November 2026, 10:00 – 11:00" in the user's language. */
export function useSessionTimes() {
  const { i18n } = useTranslation();
  return (session: Pick<SessionSummary, 'scheduled_start' | 'scheduled_end'>) => {
    const end = new Date(session.scheduled_end).toLocaleTimeString(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
    });
    return `${formatLongDate(session.scheduled_start, i18n.language, true)} – ${end}`;
  };
}

export function RecordingLinks({ session }: { session: SessionSummary }) {
  const { t, i18n } = useTranslation();
  if (session.recordings.length === 0) return null;
  return (
    <ul aria-label={t('Recordings')} data-testid="session-recordings" style={{ margin: 0 }}>
      {session.recordings.map((recording, index) => (
        <li key={recording.id}>
          <Link href={recording.link} target="_blank" rel="noopener noreferrer">
            {t('Recording {{number}} ({{date}})', {
              number: index + 1,
              date: formatLongDate(recording.created_at, i18n.language, true),
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Join (or, for the host before it began, Start) when the server says the caller may. */
export function JoinButton({
  session,
  onError,
}: {
  session: SessionSummary;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const openCall = useOpenCall();
  const [busy, setBusy] = useState(false);
  const inCall = useAtomValue(activeCallAtom)?.sessionId === session.id;
  if (!session.abilities.join) return null;
  if (inCall)
    return (
      <Button disabled icon={<Video20Regular />} data-testid="session-in-call">
        {t('In the call')}
      </Button>
    );
  const starts = session.abilities.host && session.state === 'upcoming';
  return (
    <Button
      appearance="primary"
      icon={busy ? <Spinner size="tiny" /> : <Video20Regular />}
      disabled={busy}
      data-testid="session-join"
      onClick={async () => {
        setBusy(true);
        onError(null);
        try {
          await openCall(session.id);
        } catch (error) {
          onError(apiErrorText(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      {starts ? t('Start session') : t('Join')}
    </Button>
  );
}

/** "1 h 05 min" / "12 min" / "40 s". */
export function durationText(seconds: number, t: TFunction) {
  if (seconds < 60) return t('{{seconds}} s', { seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('{{minutes}} min', { minutes });
  return t('{{hours}} h {{minutes}} min', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}
