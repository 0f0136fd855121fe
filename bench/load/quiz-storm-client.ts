// W8's load generator (its own process): students arrive spread over the ramp, each starts the
// quiz, saves every answer as they give it (one PUT per question, one after the other, as the
// taking screen does) and submits. Every answer the server acknowledged is reported, so that the
// bench can check each one is in the submitted attempt.
import http from 'node:http';
import { reportToParent } from '../processes/child-script';

export interface QuizStormInput {
  url: string;
  schoolId: number;
  quizId: number;
  /** One session token per student. */
  tokens: string[];
  rampSeconds: number;
}

export interface AcknowledgedAnswer {
  attemptId: number;
  questionId: number;
  /** The answer as sent (JSON). */
  answer: string;
}

export type RequestKind = 'start' | 'answer' | 'submit';

export interface QuizStormOutput {
  latenciesMs: number[];
  /** The same latencies by kind of request. */
  latenciesByKindMs: Record<RequestKind, number[]>;
  requests: number;
  failures: Record<string, number>;
  acknowledged: AcknowledgedAnswer[];
  /** Attempts whose submit was acknowledged. */
  submitted: number[];
  /** From the first arrival to the last answer. */
  elapsedSeconds: number;
}

interface Question {
  id: number;
  kind: string;
}

function call(
  agent: http.Agent,
  url: URL,
  method: string,
  token: string,
  body?: string,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { Token: token };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    const request = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    request.end(body);
  });
}

/** The student's answer to a question: varied per student so that rows differ. */
function answerTo(question: Question, student: number): object {
  if (question.kind === 'true_false')
    return { kind: 'true_false', value: (student + question.id) % 3 !== 0 };
  return { kind: 'simple', text: `Απάντηση ${student}-${question.id}` };
}

async function storm(input: QuizStormInput): Promise<QuizStormOutput> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const base = `${input.url}/api/schools/${input.schoolId}/student/quizzes/${input.quizId}/attempts`;
  const latenciesMs: number[] = [];
  const latenciesByKindMs: Record<RequestKind, number[]> = { start: [], answer: [], submit: [] };
  const failures: Record<string, number> = {};
  const acknowledged: AcknowledgedAnswer[] = [];
  const submitted: number[] = [];
  let requests = 0;
  let lastEnd = 0;
  const timed = async (
    kind: RequestKind,
    method: string,
    url: string,
    token: string,
    body?: string,
  ) => {
    const begin = performance.now();
    const answer = await call(agent, new URL(url), method, token, body);
    lastEnd = performance.now();
    latenciesMs.push(lastEnd - begin);
    latenciesByKindMs[kind].push(lastEnd - begin);
    requests += 1;
    const failure =
      'error' in answer ? answer.error : answer.status !== 200 ? `HTTP ${answer.status}` : null;
    if (failure) failures[failure] = (failures[failure] ?? 0) + 1;
    return failure ? null : (JSON.parse((answer as { body: string }).body) as { data: unknown });
  };
  const student = async (index: number, token: string) => {
    const started = (await timed('start', 'POST', base, token)) as {
      data: { id: number; questions: Question[] };
    } | null;
    if (!started) return;
    const attemptId = started.data.id;
    for (const question of started.data.questions) {
      const answer = JSON.stringify(answerTo(question, index));
      const saved = await timed(
        'answer',
        'PUT',
        `${base}/${attemptId}/answers/${question.id}`,
        token,
        `{"answer":${answer}}`,
      );
      if (saved) acknowledged.push({ attemptId, questionId: question.id, answer });
    }
    if (await timed('submit', 'POST', `${base}/${attemptId}/submit`, token))
      submitted.push(attemptId);
  };
  const start = performance.now();
  await Promise.all(
    input.tokens.map(
      (token, i) =>
        new Promise<void>((resolve) => {
          const due = start + (input.rampSeconds * 1000 * i) / input.tokens.length;
          setTimeout(
            () => void student(i, token).then(resolve),
            Math.max(0, due - performance.now()),
          );
        }),
    ),
  );
  agent.destroy();
  return {
    latenciesMs,
    latenciesByKindMs,
    requests,
    failures,
    acknowledged,
    submitted,
    elapsedSeconds: (lastEnd - start) / 1000,
  };
}

reportToParent(storm);
