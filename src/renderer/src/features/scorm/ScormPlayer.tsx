import {
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LearnerStanding, ScormLaunch } from '../../../../shared/api/scorm';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { LoadError } from '../../resources/ListStates';
import { fileLink } from '../files/filesApi';
import { commitAttempt, launchPackage } from './scormApi';
import { createScormHost } from './scormHost';

const useStyles = makeStyles({
  frame: {
    width: '100%',
    height: 'min(75vh, 760px)',
    minHeight: '420px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/**
 * Plays a package in a sandboxed frame: tracked for a student (every commit stored), or a
 * preview for teachers and the office (nothing stored).
 */
export function ScormPlayer({
  packageId,
  title,
  onCommitted,
}: {
  packageId: number;
  title: string;
  onCommitted?: (standing: LearnerStanding) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = useMemo(() => ({ schoolId, role }), [schoolId, role]);
  const frame = useRef<HTMLIFrameElement>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const committed = useRef(onCommitted);
  committed.current = onCommitted;
  // Each opening is one new session: launched once per mount, never from a cache (a second
  // launch would point the frame at a new link with the old session's state in its name).
  const [launch, setLaunch] = useState<{ data?: ScormLaunch; error?: unknown }>({});
  useEffect(() => {
    let current = true;
    launchPackage(scope, packageId).then(
      (data) => current && setLaunch({ data }),
      (error: unknown) => current && setLaunch({ error }),
    );
    return () => {
      current = false;
    };
  }, [scope, packageId]);
  const data = launch.data;
  const host = useMemo(() => {
    if (!data) return null;
    const attemptId = data.attempt_id;
    return createScormHost(
      data,
      attemptId === null
        ? null
        : async (cmi) => {
            try {
              const standing = await commitAttempt(scope, packageId, attemptId, cmi);
              setSaveError(null);
              committed.current?.(standing);
            } catch (error) {
              setSaveError(apiErrorText(error));
            }
          },
    );
  }, [data, scope, packageId]);
  useEffect(() => {
    if (!host) return;
    const stop = host.listen(() => frame.current?.contentWindow ?? null);
    return () => {
      stop();
      host.close();
    };
  }, [host]);

  if (launch.error) return <LoadError message={apiErrorText(launch.error)} />;
  if (!data || !host) return <Spinner label={t('Loading...')} />;
  return (
    <>
      {saveError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {t('Your progress could not be saved: {{reason}}', { reason: saveError })}
          </MessageBarBody>
        </MessageBar>
      )}
      <iframe
        // A new frame per session: its name is read once, when the frame is made.
        key={data.content_url}
        ref={frame}
        className={styles.frame}
        title={title}
        name={host.frameName}
        // Scripts and forms, but no allow-same-origin: the package gets an opaque origin.
        sandbox="allow-scripts allow-forms"
        src={fileLink(data.content_url)}
        data-testid="scorm-frame"
      />
    </>
  );
}
