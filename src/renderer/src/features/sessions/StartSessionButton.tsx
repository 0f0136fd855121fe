import { Button, Spinner } from '@fluentui/react-components';
import { Video20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { createMeeting } from './sessionsApi';
import { useOpenCall } from './useOpenCall';

/** The lesson page's "Start session": a session of the lesson begins now and its call opens. */
export function StartSessionButton({
  lessonId,
  onError,
}: {
  lessonId: number;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const navigate = useNavigate();
  const openCall = useOpenCall();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      appearance="primary"
      icon={busy ? <Spinner size="tiny" /> : <Video20Regular />}
      disabled={busy}
      data-testid="lesson-start-session"
      onClick={async () => {
        setBusy(true);
        onError(null);
        try {
          const session = await createMeeting(
            { schoolId, role },
            { lesson_id: lessonId, when: 'now' },
          );
          await openCall(session.id);
          void navigate(`${basePath}/session/${session.id}`);
        } catch (error) {
          onError(apiErrorText(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('Start session')}
    </Button>
  );
}
