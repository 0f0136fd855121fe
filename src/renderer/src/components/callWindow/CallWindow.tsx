import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import {
  ArrowMinimize20Regular,
  CallEnd20Regular,
  Record20Regular,
  RecordStop20Regular,
} from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CALL_LANGUAGE } from '../../../../shared/constants';
import {
  activeCallAtom,
  sessionQueryRoot,
  type ActiveCall,
  type CallWindowMode,
} from './callState';
import { createCallReporter, startCloudRecording } from './callReports';
import { loadJitsiExternalApi, type JitsiMeetExternalApi } from './jitsiExternalApi';
import { floatingHeight, floatingWidth, useFloatingPosition } from './useFloatingPosition';

const useStyles = makeStyles({
  window: {
    position: 'fixed',
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: '#111',
    color: '#fff',
    boxShadow: tokens.shadow28,
    overflow: 'hidden',
  },
  floating: { borderRadius: tokens.borderRadiusLarge },
  fullscreen: { inset: 0, width: '100vw', height: '100dvh' },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: '#1f1f1f',
  },
  subject: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  meeting: { position: 'relative', flexGrow: 1, minHeight: 0 },
  frame: { position: 'absolute', inset: 0 },
  overlay: {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    padding: 0,
    border: 'none',
    backgroundColor: 'transparent',
    cursor: 'grab',
    touchAction: 'none',
    ':focus-visible': { outline: `3px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-3px' },
  },
  status: {
    position: 'absolute',
    inset: 0,
    display: 'grid',
    placeItems: 'center',
    padding: tokens.spacingHorizontalM,
  },
});

type Recording = 'off' | 'starting' | 'on';

/**
 * The web call window (spec §2 "Video call window"): hidden until a room is set, then floating
 * and draggable at a quarter of the window's width; pressing its overlay makes it fill the
 * window, where a button restores it; it closes when the meeting says it is ready to close.
 * The meeting is Jitsi's IFrame API, in Greek unless told otherwise.
 */
export function CallWindow({ call }: { call: ActiveCall }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [, setActiveCall] = useAtom(activeCallAtom);
  const [mode, setMode] = useState<CallWindowMode>('floating');
  const [status, setStatus] = useState<'connecting' | 'joined' | 'failed'>('connecting');
  const [participants, setParticipants] = useState(0);
  const [recording, setRecording] = useState<Recording>('off');
  const meetingRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<JitsiMeetExternalApi | null>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const overlayRef = useRef<HTMLButtonElement>(null);
  const goFullscreen = useCallback(() => setMode('fullscreen'), []);
  const { position, handlers } = useFloatingPosition(goFullscreen);

  useEffect(() => {
    (mode === 'fullscreen' ? restoreRef : overlayRef).current?.focus();
  }, [mode]);

  useEffect(() => {
    let disposed = false;
    const reporter = createCallReporter(call, {
      refresh: () =>
        void queryClient.invalidateQueries({
          queryKey: sessionQueryRoot(call.schoolId, call.role),
        }),
    });
    const close = () => {
      reporter.left();
      apiRef.current?.dispose();
      apiRef.current = null;
      setActiveCall(null);
    };
    const parentNode = meetingRef.current!;
    loadJitsiExternalApi(call.room.domain)
      .then((JitsiMeetExternalAPI) => {
        if (disposed) return;
        const api = new JitsiMeetExternalAPI(call.room.domain, {
          roomName: call.room.room,
          ...(call.room.token ? { jwt: call.room.token } : {}),
          parentNode,
          lang: DEFAULT_CALL_LANGUAGE,
          width: '100%',
          height: '100%',
          configOverwrite: {
            ...call.room.config_overwrite,
            subject: call.room.subject,
            defaultLanguage: DEFAULT_CALL_LANGUAGE,
            disableDeepLinking: true,
            // The JWT is the authority on recording; this only hides what others cannot use.
            recordingService: { enabled: call.room.can_record },
            localRecording: { disable: !call.room.can_record },
          },
          interfaceConfigOverwrite: {},
        });
        apiRef.current = api;
        api.on('videoConferenceJoined', () => {
          setStatus('joined');
          setParticipants(1);
          reporter.joined();
        });
        api.on('participantJoined', () => setParticipants((n) => n + 1));
        api.on('participantLeft', () => setParticipants((n) => Math.max(1, n - 1)));
        api.on('videoConferenceLeft', () => reporter.left());
        api.on('readyToClose', close);
        if (!call.room.can_record) return;
        api.on('recordingStatusChanged', (event) => {
          const on = event.on === true;
          setRecording(on ? 'on' : 'off');
          reporter.recordingStatus({ on, error: Boolean(event.error) });
        });
        api.on('recordingLinkAvailable', (event) => reporter.recordingLink(event.link));
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!disposed) setStatus('failed');
      });
    return () => {
      disposed = true;
      reporter.left();
      apiRef.current?.dispose();
      apiRef.current = null;
    };
  }, [call, queryClient, setActiveCall]);

  const toggleRecording = async () => {
    const api = apiRef.current;
    if (!api) return;
    if (recording === 'on') {
      api.executeCommand('stopRecording', 'file');
      return;
    }
    setRecording('starting');
    try {
      await startCloudRecording(call);
      api.executeCommand('startRecording', { mode: 'file' });
    } catch (error) {
      console.error(error);
      setRecording('off');
    }
  };

  const width = floatingWidth(window.innerWidth);
  const floatingStyle =
    mode === 'floating'
      ? { left: position.x, top: position.y, width, height: floatingHeight(window.innerWidth) }
      : undefined;

  return (
    <section
      className={mergeClasses(
        styles.window,
        mode === 'floating' ? styles.floating : styles.fullscreen,
      )}
      style={floatingStyle}
      aria-label={t('Video call: {{subject}}', { subject: call.room.subject })}
      data-testid="call-window"
      data-mode={mode}
    >
      {mode === 'fullscreen' && (
        <div className={styles.toolbar}>
          <Text weight="semibold" className={styles.subject}>
            {call.room.subject}
          </Text>
          {status === 'joined' && (
            <Text size={200} data-testid="call-participants">
              {t('{{count}} in the call', { count: participants })}
            </Text>
          )}
          {call.room.can_record && (
            <Button
              icon={recording === 'on' ? <RecordStop20Regular /> : <Record20Regular />}
              disabled={status !== 'joined' || recording === 'starting'}
              onClick={() => void toggleRecording()}
              data-testid="call-record"
            >
              {recording === 'on'
                ? t('Stop recording')
                : recording === 'starting'
                  ? t('Starting recording...')
                  : t('Record')}
            </Button>
          )}
          <Button
            ref={restoreRef}
            icon={<ArrowMinimize20Regular />}
            onClick={() => setMode('floating')}
            data-testid="call-restore"
          >
            {t('Restore')}
          </Button>
          <Button
            appearance="primary"
            icon={<CallEnd20Regular />}
            onClick={() =>
              apiRef.current ? apiRef.current.executeCommand('hangup') : setActiveCall(null)
            }
            data-testid="call-leave"
          >
            {t('Leave')}
          </Button>
        </div>
      )}
      <div className={styles.meeting}>
        <div ref={meetingRef} className={styles.frame} data-testid="call-meeting" />
        {status !== 'joined' && (
          <div className={styles.status} role="status">
            {status === 'failed' ? t('The call could not start.') : t('Connecting to the call...')}
          </div>
        )}
        {mode === 'floating' && (
          <button
            ref={overlayRef}
            type="button"
            className={styles.overlay}
            aria-label={t('Show the call full screen (drag or arrow keys to move it)')}
            data-testid="call-overlay"
            {...handlers}
          />
        )}
      </div>
    </section>
  );
}

export default CallWindow;
