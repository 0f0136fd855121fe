import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../shared/api/chat';
import { CHAT_TYPING_TIMEOUT_MS } from '../../../../shared/chat/text';
import { socketSession } from '../../api/client';
import {
  chatKeys,
  deleteChatMessage,
  loadHistory,
  markChatRead,
  sendChatMessage,
  type ChatScope,
} from './chatApi';
import { connectChatRoom, type ChatRoomConnection } from './chatSocket';

// Polling stands in for the socket while an admin acts as someone else (the socket speaks for
// the signed-in account, not the impersonated one).
const POLL_WHILE_IMPERSONATING_MS = 15_000;
const TYPING_SEND_EVERY_MS = 2_000;

const byId = (a: ChatMessage, b: ChatMessage) => a.id - b.id;

const lacksLinks = (message: ChatMessage) =>
  !message.deleted && message.attachments.some((file) => file.url === null);

/**
 * Adds or replaces messages by id, keeping the order. A live broadcast carries files without
 * links: it does not replace a copy that has them (the sender's own answer, say).
 */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const map = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = map.get(m.id);
    const keepLinks = known && !m.deleted && lacksLinks(m) && !lacksLinks(known);
    map.set(m.id, keepLinks ? { ...m, attachments: known.attachments } : m);
  }
  return [...map.values()].sort(byId);
}
const merge = mergeMessages;

export interface TypingPerson {
  userId: number;
  name: string;
}

/** The open room's messages: first page, older pages, live events, sending, reading, deleting. */
export function useChatRoomMessages(scope: ChatScope, roomId: number, me: number | undefined) {
  const queryClient = useQueryClient();
  // Read once per room: a sign-out or an impersonation leaves the area, and this screen with it.
  const [{ token, impersonating }] = useState(socketSession);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [reads, setReads] = useState<Map<number, number>>(new Map());
  const [typing, setTyping] = useState<Map<number, TypingPerson & { until: number }>>(new Map());
  const [connected, setConnected] = useState(false);
  const newest = useRef(0);
  newest.current = messages.at(-1)?.id ?? newest.current;
  const connection = useRef<ChatRoomConnection | null>(null);
  const lastTypingSent = useRef(0);
  const fetchingLinks = useRef(new Set<number>());

  const refreshCounts = useCallback(
    () => queryClient.invalidateQueries({ queryKey: chatKeys.all(scope) }),
    [queryClient, scope],
  );

  // The newest page first; the socket after it, so that its catch-up starts from that page.
  useEffect(() => {
    let cancelled = false;
    setLoaded(false);
    setMessages([]);
    newest.current = 0;
    void loadHistory(scope, roomId, {}).then(
      (page) => {
        if (cancelled) return;
        setMessages(page.messages);
        setNextBefore(page.next_before);
        newest.current = page.messages.at(-1)?.id ?? 0;
        setLoaded(true);
      },
      () => !cancelled && setLoaded(true),
    );
    return () => {
      cancelled = true;
    };
  }, [scope, roomId]);

  useEffect(() => {
    if (!loaded || !token) return;
    if (impersonating) {
      const timer = setInterval(() => {
        void loadHistory(scope, roomId, { after: newest.current }).then((page) =>
          setMessages((current) => merge(current, page.messages)),
        );
      }, POLL_WHILE_IMPERSONATING_MS);
      return () => clearInterval(timer);
    }
    const live = connectChatRoom(token, roomId, () => newest.current, {
      onMessage: (message) => setMessages((current) => merge(current, [message])),
      onDeleted: (id) =>
        setMessages((current) =>
          current.map((m) =>
            m.id === id ? { ...m, body: '', deleted: true, attachments: [] } : m,
          ),
        ),
      onRead: (userId, position) => setReads((current) => new Map(current).set(userId, position)),
      onTyping: (userId, name) => {
        if (userId === me) return;
        setTyping((current) =>
          new Map(current).set(userId, {
            userId,
            name,
            until: Date.now() + CHAT_TYPING_TIMEOUT_MS,
          }),
        );
      },
      onCatchUp: (missed, complete) => {
        if (complete) setMessages((current) => merge(current, missed));
        // Too much was missed: start again from the newest page.
        else
          void loadHistory(scope, roomId, {}).then((page) => {
            setMessages(page.messages);
            setNextBefore(page.next_before);
          });
      },
      onConnection: setConnected,
      // The room read again: its members, or a 404 once the reader was taken out.
      onMembersChanged: () =>
        void queryClient.invalidateQueries({ queryKey: chatKeys.room(scope, roomId) }),
    });
    connection.current = live;
    return () => {
      connection.current = null;
      live.close();
      setConnected(false);
    };
  }, [loaded, token, impersonating, scope, roomId, me, queryClient]);

  // Files that arrived live come without links: ask for each such message again, which
  // answers links made for this reader.
  const needLinks = messages.filter(lacksLinks).map((m) => m.id);
  const needLinksKey = needLinks.join(',');
  useEffect(() => {
    for (const id of needLinksKey ? needLinksKey.split(',').map(Number) : []) {
      if (fetchingLinks.current.has(id)) continue;
      fetchingLinks.current.add(id);
      void loadHistory(scope, roomId, { after: id - 1, limit: 1 })
        .then((page) => setMessages((current) => merge(current, page.messages)))
        .catch(() => undefined)
        .finally(() => fetchingLinks.current.delete(id));
    }
  }, [needLinksKey, scope, roomId]);

  // A typing indicator fades unless renewed.
  useEffect(() => {
    if (typing.size === 0) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setTyping((current) => {
        const kept = [...current.values()].filter((p) => p.until > now);
        return kept.length === current.size ? current : new Map(kept.map((p) => [p.userId, p]));
      });
    }, 1_000);
    return () => clearInterval(timer);
  }, [typing.size]);

  // A message from someone else arriving is read at once while the page is in view.
  const newestFromOthers = [...messages].reverse().find((m) => m.user_id !== me)?.id ?? 0;
  useEffect(() => {
    if (!loaded || newestFromOthers === 0 || impersonating) return;
    const markWhenVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void markChatRead(scope, roomId, newestFromOthers).then(refreshCounts, () => undefined);
    };
    markWhenVisible();
    document.addEventListener('visibilitychange', markWhenVisible);
    return () => document.removeEventListener('visibilitychange', markWhenVisible);
  }, [loaded, newestFromOthers, impersonating, scope, roomId, refreshCounts]);

  const loadOlder = useCallback(async () => {
    if (nextBefore === null) return;
    const page = await loadHistory(scope, roomId, { before: nextBefore });
    setMessages((current) => merge(current, page.messages));
    setNextBefore(page.next_before);
  }, [scope, roomId, nextBefore]);

  const send = useCallback(
    async (text: string, fileIds: number[] = []) => {
      const message = await sendChatMessage(scope, roomId, text, fileIds);
      setMessages((current) => merge(current, [message]));
      void refreshCounts();
    },
    [scope, roomId, refreshCounts],
  );

  const remove = useCallback(
    async (messageId: number) => {
      await deleteChatMessage(scope, roomId, messageId);
      setMessages((current) =>
        current.map((m) =>
          m.id === messageId ? { ...m, body: '', deleted: true, attachments: [] } : m,
        ),
      );
    },
    [scope, roomId],
  );

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SEND_EVERY_MS) return;
    lastTypingSent.current = now;
    connection.current?.typing();
  }, []);

  return {
    messages,
    loaded,
    hasOlder: nextBefore !== null,
    loadOlder,
    send,
    remove,
    typed,
    reads,
    typing: [...typing.values()],
    connected,
  };
}
