import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ChatMessage } from '../../../../shared/api/chat';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { PageFrame } from '../../components/PageFrame';
import { ChatComposer } from './ChatComposer';
import { ChatMessageList } from './ChatMessageList';
import { RoomMembersDialog } from './RoomMembersDialog';
import { useChatRoom } from './chatApi';
import { useChatRoomMessages } from './useChatRoomMessages';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    // The conversation fills the screen below the top bar; the composer stays in view.
    height: 'calc(100dvh - 190px)',
    minHeight: '320px',
  },
  scroller: {
    flexGrow: 1,
    overflowY: 'auto',
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusLarge,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  older: { alignSelf: 'center' },
  typing: { minHeight: '20px', color: tokens.colorNeutralForeground2 },
  members: { color: tokens.colorNeutralForeground2 },
});

/** `message/{chat_room_id}`: the conversation, live, with typing, read state and moderation. */
export default function ChatRoomPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const roomId = Number(useParams().chat_room_id);
  const scope = useMemo(() => ({ schoolId, role }), [schoolId, role]);
  const room = useChatRoom(scope, roomId);
  const chat = useChatRoomMessages(scope, roomId, room.data?.me);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  // Follow new messages while the reader is at the bottom; stay put while they read older ones.
  const newestId = chat.messages.at(-1)?.id;
  useEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  if (room.isError) {
    return (
      <PageFrame title={t('Chat')}>
        <MessageBar intent="error">
          <MessageBarBody>{apiErrorMessage(room.error, t)}</MessageBarBody>
        </MessageBar>
      </PageFrame>
    );
  }
  if (!room.data) return <Spinner label={t('Loading...')} />;
  const detail = room.data;

  const typingText =
    chat.typing.length === 0
      ? ''
      : t('{{names}} is typing…', { names: chat.typing.map((p) => p.name).join(', ') });

  return (
    <PageFrame
      title={detail.name}
      actions={
        detail.abilities.manage_members ? (
          <RoomMembersDialog scope={scope} room={detail} />
        ) : (
          <Text className={styles.members}>
            {t('Members: {{count}}', { count: detail.members.length })}
          </Text>
        )
      }
    >
      <div className={styles.frame}>
        <div
          ref={scroller}
          className={styles.scroller}
          data-testid="chat-scroller"
          onScroll={(event) => {
            const element = event.currentTarget;
            atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 60;
          }}
        >
          {chat.hasOlder && (
            <Button className={styles.older} onClick={() => void chat.loadOlder()}>
              {t('Load older messages')}
            </Button>
          )}
          {!chat.loaded ? (
            <Spinner label={t('Loading...')} />
          ) : chat.messages.length === 0 ? (
            <Text>{t('No messages yet. Say hello!')}</Text>
          ) : (
            <ChatMessageList
              messages={chat.messages}
              me={detail.me}
              members={detail.members}
              reads={chat.reads}
              language={i18n.language}
              moderate={detail.abilities.moderate}
              onDelete={setDeleting}
            />
          )}
        </div>
        <div className={styles.typing} aria-live="polite" data-testid="chat-typing">
          {typingText}
        </div>
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {detail.abilities.send ? (
          <ChatComposer
            // Another room is another composer: its unsent files are this room's only.
            key={roomId}
            scope={scope}
            roomId={roomId}
            onSend={async (text, fileIds) => {
              setError(null);
              atBottom.current = true;
              await chat.send(text, fileIds);
            }}
            onTyped={chat.typed}
          />
        ) : (
          <Text>{t('You are moderating this room; only its members write here.')}</Text>
        )}
      </div>
      <Dialog
        open={deleting !== null}
        onOpenChange={(_event, data) => !data.open && setDeleting(null)}
      >
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('Delete message')}</DialogTitle>
            <DialogContent>{t('Delete this message for everyone in the room?')}</DialogContent>
            <DialogActions>
              <Button onClick={() => setDeleting(null)}>{t('Cancel')}</Button>
              <Button
                appearance="primary"
                onClick={() => {
                  const target = deleting;
                  setDeleting(null);
                  if (target)
                    void chat
                      .remove(target.id)
                      .catch((failure) => setError(apiErrorMessage(failure, t)));
                }}
              >
                {t('Delete')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </PageFrame>
  );
}
