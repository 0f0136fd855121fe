import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParam, roleParam, schoolParams } from './school';

// The AI assistant of spec §1, §2, §7: a chat session per user, its history, and a question
// answered as a streamed text body. The paths carry no role: the session remembers the role
// the user opened it in (the renderer sends it), and answers only from what that role reads.

/** The longest question the assistant takes. */
export const AI_QUESTION_MAX_LENGTH = 2000;

/** What a source of an answer is: where the passage came from. */
export const AI_SOURCE_KINDS = ['chapter', 'lesson', 'announcement', 'task'] as const;
export type AiSourceKind = (typeof AI_SOURCE_KINDS)[number];

/** A source under an answer (spec §3 contents: id, name, url), with its kind. */
export const aiChatSource = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The screen that shows it, as an app path (`/student/1/chapters/12`). */
  url: z.string(),
  kind: z.enum(AI_SOURCE_KINDS),
});
export type AiChatSource = z.infer<typeof aiChatSource>;

export const aiChatMessage = z.object({
  message: z.string(),
  byUser: z.boolean(),
  contents: z.array(aiChatSource).optional(),
});
export type AiChatMessage = z.infer<typeof aiChatMessage>;

export const aiChatKeyParams = z.object({
  school_id: idParam,
  // Any short text: a key that is not the caller's is a 404, after the school check.
  key: z.string().min(1).max(100),
});

export const aiChatCreateBody = z.object({
  /** The role area the chat is opened from; the caller's only role when left out. */
  role: roleParam.optional(),
});

export const aiChatQuestionBody = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Write a question')
    .max(AI_QUESTION_MAX_LENGTH, `At most ${AI_QUESTION_MAX_LENGTH} characters`),
});

export const assistantEndpoints = {
  createChat: endpoint({
    method: 'POST',
    path: '/schools/:school_id/ai/chat',
    access: 'school-member',
    summary: 'Opens an assistant chat session for the caller; returns its key.',
    params: schoolParams,
    body: aiChatCreateBody,
    response: z.object({ key: z.string() }),
  }),
  chatHistory: endpoint({
    method: 'GET',
    path: '/schools/:school_id/ai/chat/:key',
    access: 'school-member',
    summary: "One of the caller's assistant sessions, with its messages oldest first.",
    params: aiChatKeyParams,
    response: z.object({ key: z.string(), messages: z.array(aiChatMessage) }),
  }),
  askQuestion: endpoint({
    method: 'POST',
    path: '/schools/:school_id/ai/chat/:key/stream',
    access: 'school-member',
    summary:
      "Asks a question in one of the caller's sessions. The answer is a streamed text/plain body (not the JSON envelope), written from the school's material the caller may read.",
    params: aiChatKeyParams,
    body: aiChatQuestionBody,
    response: z.string(),
  }),
};
