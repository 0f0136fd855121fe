import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answer } from '../../../../shared/api/quizzes';
import { ApiError } from '../../api/apiError';

/** Where one answer stands: typed but not sent yet, on its way, stored, or refused for now. */
export type SaveState = 'pending' | 'saving' | 'saved' | 'failed';

interface Entry {
  latest: Answer;
  dirty: boolean;
  inFlight: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  tries: number;
}

/** Typed text is sent once the student pauses this long; choices go at once. */
export const TYPING_PAUSE_MS = 800;
const MAX_RETRY_MS = 15_000;

/** The attempt is over (deadline passed, or submitted elsewhere): saving again cannot help. */
const isClosed = (error: unknown) =>
  error instanceof ApiError &&
  (error.issues.some((issue) => issue.code === 'attempt_closed') || error.httpStatus === 409);

/** A refusal of the answer itself (bad input): retrying the same answer cannot help either. */
const isRefused = (error: unknown) =>
  error instanceof ApiError &&
  error.httpStatus !== null &&
  error.httpStatus >= 400 &&
  error.httpStatus < 500;

/**
 * Saves each answer as it is given: the latest answer of each question wins, one request per
 * question at a time, and a failed save is retried (backing off up to 15 s) until it goes
 * through, so a dropped connection loses nothing once it comes back.
 */
export function useAnswerSaver(
  save: (questionId: number, answer: Answer) => Promise<unknown>,
  onClosed: () => void,
) {
  const [states, setStates] = useState<Record<number, SaveState>>({});
  const entries = useRef(new Map<number, Entry>());
  const live = useRef({ save, onClosed });
  live.current = { save, onClosed };
  const setState = (questionId: number, state: SaveState) =>
    setStates((current) =>
      current[questionId] === state ? current : { ...current, [questionId]: state },
    );

  const send = useCallback((questionId: number): Promise<void> => {
    const entry = entries.current.get(questionId);
    if (!entry) return Promise.resolve();
    if (entry.inFlight) return entry.inFlight;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    const answer = entry.latest;
    entry.dirty = false;
    setState(questionId, 'saving');
    entry.inFlight = live.current.save(questionId, answer).then(
      () => {
        entry.tries = 0;
        entry.inFlight = null;
        if (entry.dirty) return send(questionId);
        setState(questionId, 'saved');
      },
      (error: unknown) => {
        entry.inFlight = null;
        entry.dirty = true;
        setState(questionId, 'failed');
        if (isClosed(error)) {
          live.current.onClosed();
          return;
        }
        if (isRefused(error)) return;
        entry.tries += 1;
        entry.timer = setTimeout(
          () => void send(questionId),
          Math.min(MAX_RETRY_MS, 1000 * 2 ** (entry.tries - 1)),
        );
      },
    );
    return entry.inFlight;
  }, []);

  const change = useCallback(
    (questionId: number, answer: Answer, typed: boolean) => {
      const entry = entries.current.get(questionId) ?? {
        latest: answer,
        dirty: false,
        inFlight: null,
        timer: undefined,
        tries: 0,
      };
      entries.current.set(questionId, entry);
      entry.latest = answer;
      entry.dirty = true;
      clearTimeout(entry.timer);
      entry.timer = undefined;
      if (entry.inFlight) return; // sent when the one on its way comes back
      setState(questionId, 'pending');
      if (typed) entry.timer = setTimeout(() => void send(questionId), TYPING_PAUSE_MS);
      else void send(questionId);
    },
    [send],
  );

  /** Sends every answer not stored yet, now; true when all of them are stored. */
  const flush = useCallback(async () => {
    for (let round = 0; round < 3; round++) {
      const waiting = [...entries.current.entries()]
        .filter(([, entry]) => entry.dirty || entry.inFlight)
        .map(([questionId]) => send(questionId));
      if (waiting.length === 0) break;
      await Promise.all(waiting);
    }
    return [...entries.current.values()].every((entry) => !entry.dirty && !entry.inFlight);
  }, [send]);

  /** Tries every failed answer again at once (the Retry button). */
  const retry = useCallback(() => {
    for (const [questionId, entry] of entries.current)
      if (entry.dirty && !entry.inFlight) void send(questionId);
  }, [send]);

  useEffect(() => {
    const all = entries.current;
    // Leaving the screen while typing: what was typed goes at once rather than never.
    return () => {
      for (const [questionId, entry] of all)
        if (entry.dirty && !entry.inFlight && entry.tries === 0) void send(questionId);
        else clearTimeout(entry.timer);
    };
  }, [send]);

  return { states, change, flush, retry };
}
