import { useQuery, useQueryClient } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { assistantEndpoints, type AiChatMessage } from '../../../../shared/api/assistant';
import type { Role } from '../../../../shared/constants';
import { callEndpoint, streamText } from '../../api/client';

/** The open session's key per school and role, kept while the app runs (spec §4). */
const sessionKeysAtom = atom<Record<string, string>>({});

export type ChatPhase = 'idle' | 'creating' | 'thinking' | 'streaming';

const historyKey = (schoolId: number, key: string | undefined) =>
  ['assistant', schoolId, key ?? null] as const;

/**
 * The assistant's conversation: the session key made on the first question, the history from
 * the server, and the question being answered (Thinking..., then the text growing chunk by
 * chunk, then the history is fetched again and the temporary text cleared).
 */
export function useAssistantChat(schoolId: number, role: Role) {
  const queryClient = useQueryClient();
  const [keys, setKeys] = useAtom(sessionKeysAtom);
  const key = keys[`${schoolId}:${role}`];
  const [phase, setPhase] = useState<ChatPhase>('idle');
  const [pendingQuestion, setPendingQuestion] = useState<string | null>(null);
  const [streamed, setStreamed] = useState('');
  const [createFailed, setCreateFailed] = useState(false);

  const history = useQuery({
    queryKey: historyKey(schoolId, key),
    enabled: key !== undefined,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(assistantEndpoints.chatHistory, {
          params: { school_id: schoolId, key: key! },
          signal,
        })
      ).data.messages,
  });

  const ask = useCallback(
    async (text: string) => {
      const question = text.trim();
      // Spec §5: an empty question is never sent.
      if (!question || phase !== 'idle') return false;
      setCreateFailed(false);
      let sessionKey = key;
      if (!sessionKey) {
        setPhase('creating');
        try {
          sessionKey = (
            await callEndpoint(assistantEndpoints.createChat, {
              params: { school_id: schoolId },
              body: { role },
            })
          ).data.key;
          setKeys((current) => ({ ...current, [`${schoolId}:${role}`]: sessionKey! }));
        } catch {
          setCreateFailed(true);
          setPhase('idle');
          return false;
        }
      }
      setPendingQuestion(question);
      setStreamed('');
      setPhase('thinking');
      try {
        await streamText(
          `/schools/${schoolId}/ai/chat/${encodeURIComponent(sessionKey)}/stream`,
          { question },
          (piece) => {
            setPhase('streaming');
            setStreamed((current) => current + piece);
          },
        );
      } catch (error) {
        // Spec §8: other chat errors are only logged.
        console.error('The assistant could not answer', error);
      }
      await queryClient.refetchQueries({ queryKey: historyKey(schoolId, sessionKey) });
      setPendingQuestion(null);
      setStreamed('');
      setPhase('idle');
      return true;
    },
    [key, phase, queryClient, role, schoolId, setKeys],
  );

  const messages: AiChatMessage[] = history.data ?? [];
  return { messages, phase, pendingQuestion, streamed, createFailed, ask };
}
