import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AiChatMessage } from '../../../shared/api/assistant';
import type { Role } from '../../../shared/constants';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError } from '../../http/errors';
import { createChatModel, type ChatModel } from '../../integrations/ai';
import {
  answerLanguageOf,
  MODEL_PASSAGES,
  modelMessages,
  nothingFound,
  piecesOf,
  QUOTED_PASSAGES,
  quotedAnswer,
} from './answer';
import { refreshIndex } from './passages';
import { assertOwnSession, assistantCaller, sessionRoleFor } from './policy';
import { findSession, insertMessage, insertSession, listMessages } from './queries';
import { searchPassages, type FoundPassage } from './search';
import { searchTermsOf } from './search-terms';
import { sourceLink, type StoredSource } from './sources';

const HOUR_MS = 60 * 60 * 1000;
/** The pause between the pieces of a quoted answer, so that it reads as it is written. */
const PIECE_PAUSE_MS = 20;

/** The configured model, or null: answers are then quoted from the material. */
export function chatModelOf(deps: ServerDeps): ChatModel | null {
  const { baseUrl, apiKey, model } = deps.config.ai;
  return baseUrl && apiKey && model ? createChatModel({ baseUrl, apiKey, model }) : null;
}

export async function openSession(
  deps: ServerDeps,
  ctx: RequestContext,
  askedRole: Role | undefined,
): Promise<{ key: string }> {
  const role = await sessionRoleFor(deps, ctx, askedRole);
  const key = crypto.randomBytes(24).toString('base64url');
  await insertSession(deps.db, {
    school_id: ctx.schoolId!,
    user_id: ctx.user!.id,
    role,
    key,
    created_at: deps.now().toISOString(),
  });
  return { key };
}

async function ownSession(deps: ServerDeps, ctx: RequestContext, key: string) {
  const session = await findSession(deps.db, ctx.schoolId!, key);
  assertOwnSession(session, { userId: ctx.user!.id });
  return session;
}

export async function sessionHistory(
  deps: ServerDeps,
  ctx: RequestContext,
  key: string,
): Promise<{ key: string; messages: AiChatMessage[] }> {
  const session = await ownSession(deps, ctx, key);
  const rows = await listMessages(deps.db, ctx.schoolId!, session.id);
  const role = session.role as Role;
  return {
    key,
    messages: rows.map((row) => {
      const sources = row.sources ? (JSON.parse(row.sources) as StoredSource[]) : [];
      return {
        message: row.message,
        byUser: row.by_user === 1,
        ...(sources.length > 0 && {
          contents: sources.map((s) => sourceLink(role, ctx.schoolId!, s)),
        }),
      };
    }),
  };
}

/** The distinct sources of the passages an answer used, in the order they were used. */
function sourcesOf(passages: FoundPassage[]): StoredSource[] {
  const seen = new Map<string, StoredSource>();
  for (const p of passages) {
    const id = `${p.source}:${p.source_id}`;
    if (!seen.has(id))
      seen.set(id, { kind: p.source, id: p.source_id, name: p.title, lesson_id: p.lesson_id });
  }
  return [...seen.values()];
}

async function* quotedPieces(text: string): AsyncGenerator<string> {
  for (const piece of piecesOf(text)) {
    yield piece;
    await sleep(PIECE_PAUSE_MS);
  }
}

/**
 * Asks a question in one of the caller's sessions. Checks and searches first (so that a
 * refusal is an ordinary JSON error), then returns the answer as pieces to stream; the
 * question and the answer, as far as it got, are kept in the session's history.
 */
export async function askQuestion(
  deps: ServerDeps,
  ctx: RequestContext,
  key: string,
  question: string,
  model: ChatModel | null,
  logger: FastifyBaseLogger,
): Promise<AsyncGenerator<string>> {
  const session = await ownSession(deps, ctx, key);
  const caller = await assistantCaller(deps, ctx, session.role as Role);
  const decision = await deps.limiter.hit(
    `ai-question:${caller.userId}`,
    deps.config.ai.questionsPerHour,
    HOUR_MS,
  );
  if (!decision.allowed)
    throw new ApiError(
      'rate_limited',
      'You have asked many questions in a short time; try again later.',
      undefined,
      decision.retryAfter,
    );

  const nowIso = deps.now().toISOString();
  await refreshIndex(deps.db, deps.dbKind, caller.schoolId, nowIso);
  const terms = searchTermsOf(question);
  const found = await searchPassages(deps.db, deps.dbKind, caller, terms, MODEL_PASSAGES);
  const language = answerLanguageOf(question, ctx.user!.language);
  await insertMessage(deps.db, {
    school_id: caller.schoolId,
    session_id: session.id,
    by_user: 1,
    message: question,
    sources: null,
    created_at: nowIso,
  });

  const quoted = found.slice(0, QUOTED_PASSAGES);
  async function* answer(): AsyncGenerator<string> {
    if (found.length === 0) {
      yield* quotedPieces(nothingFound(language, terms.length === 0));
      return;
    }
    if (model) {
      let wrote = false;
      try {
        for await (const piece of model.stream(modelMessages(question, found, language))) {
          wrote = true;
          yield piece;
        }
        return;
      } catch (error) {
        logger.warn({ err: error }, 'the assistant model failed; quoting the material instead');
        if (wrote) return;
      }
    }
    yield* quotedPieces(quotedAnswer(quoted, terms, language));
  }

  const usedSources = sourcesOf(model ? found : quoted);
  async function* answerAndKeep(): AsyncGenerator<string> {
    let text = '';
    try {
      for await (const piece of answer()) {
        text += piece;
        yield piece;
      }
    } finally {
      await insertMessage(deps.db, {
        school_id: caller.schoolId,
        session_id: session.id,
        by_user: 0,
        message: text,
        sources: found.length > 0 && text ? JSON.stringify(usedSources) : null,
        created_at: deps.now().toISOString(),
      });
    }
  }
  return answerAndKeep();
}
