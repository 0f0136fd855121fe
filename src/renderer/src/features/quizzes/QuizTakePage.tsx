import {
  Badge,
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
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type {
  Answer,
  AttemptDetail,
  QuestionForStudent,
  QuizDetail,
} from '../../../../shared/api/quizzes';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { LoadError } from '../../resources/ListStates';
import { AnswerField, emptyAnswer } from './AnswerField';
import { answerTextOf, correctTextOf, pointsText, scoreText } from './answerText';
import { getAttempt, saveAnswer, startAttempt, submitAttempt } from './attemptsApi';
import { getQuiz, quizKeys } from './quizzesApi';
import { useAnswerSaver, type SaveState } from './useAnswerSaver';
import { useQuizzesInvalidation } from './useQuizzesInvalidation';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere',
  },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'baseline',
    justifyContent: 'space-between',
  },
  meta: { color: tokens.colorNeutralForeground3 },
  // The countdown and the saving state stay in sight while the student scrolls.
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  timer: { fontVariantNumeric: 'tabular-nums' },
  urgent: { color: tokens.colorPaletteRedForeground1 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  lines: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

const isAnswered = (answer: Answer | undefined) => {
  if (!answer) return false;
  switch (answer.kind) {
    case 'simple':
      return answer.text.trim() !== '';
    case 'multiple_choice':
      return answer.options.length > 0;
    case 'matching':
      return answer.matches.length > 0;
    case 'true_false':
      return answer.value !== null;
    case 'fill_blanks':
      return answer.blanks.some((b) => b.trim() !== '');
  }
};

/**
 * A student's quiz (`lesson/:lesson_id/quiz/:quiz_id`): what it is and their attempts, then
 * the attempt itself (resumed by itself when one is open), then its result.
 */
export function QuizTakePage() {
  const params = useParams();
  const quizId = Number(params.quiz_id);
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidation = useQuizzesInvalidation();
  const [attempt, setAttempt] = useState<AttemptDetail | null>(null);
  const quiz = useQuery({
    queryKey: quizKeys.one(scope, quizId),
    staleTime: 0,
    queryFn: ({ signal }) => getQuiz(scope, quizId, signal),
    enabled: Number.isInteger(quizId),
  });
  const start = useMutation({
    mutationFn: () => startAttempt(scope, quizId),
    onSuccess: (detail) => setAttempt(detail),
  });
  const open = useMutation({
    mutationFn: (attemptId: number) => getAttempt(scope, quizId, attemptId),
    onSuccess: (detail) => setAttempt(detail),
  });
  const openAttempt = quiz.data?.attempts?.find((a) => a.state === 'open');
  // An attempt under way (a reload, another device) resumes at once with its saved answers.
  useEffect(() => {
    if (openAttempt && !attempt && start.isIdle) start.mutate();
  }, [openAttempt, attempt, start]);

  const finished = (detail: AttemptDetail) => {
    setAttempt(detail);
    void invalidation.afterWrite();
  };

  let body;
  if (quiz.isError) body = <LoadError message={apiErrorText(quiz.error)} />;
  else if (!quiz.data || (openAttempt && !attempt && !start.isError))
    body = <Spinner label={t('Loading...')} />;
  else if (attempt?.state === 'open')
    body = <AttemptForm quiz={quiz.data} attempt={attempt} onFinished={finished} />;
  else if (attempt)
    body = <AttemptResult quiz={quiz.data} attempt={attempt} onBack={() => setAttempt(null)} />;
  else
    body = (
      <QuizIntro
        quiz={quiz.data}
        busy={start.isPending || open.isPending}
        error={start.error ?? open.error}
        onStart={() => start.mutate()}
        onOpen={(id) => open.mutate(id)}
      />
    );
  return <PageFrame title={quiz.data?.title || t('Quiz')}>{body}</PageFrame>;
}

function QuizIntro({
  quiz,
  busy,
  error,
  onStart,
  onOpen,
}: {
  quiz: QuizDetail;
  busy: boolean;
  error: Error | null;
  onStart: () => void;
  onOpen: (attemptId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const attempts = quiz.attempts ?? [];
  const date = (iso: string) => formatLongDate(iso, i18n.language, true);
  const opensLater = Date.parse(quiz.opens_at) > Date.now();
  return (
    <div className={styles.card} data-testid="quiz-intro">
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{apiErrorMessage(error, t)}</MessageBarBody>
        </MessageBar>
      )}
      <Text>{quiz.lesson_name}</Text>
      <ul className={styles.lines}>
        <li>{t('Opens {{date}}', { date: date(quiz.opens_at) })}</li>
        <li>{t('Closes {{date}}', { date: date(quiz.closes_at) })}</li>
        <li>
          {quiz.time_limit_minutes === null
            ? t('No time limit: until the quiz closes')
            : t('Time limit: {{count}} minutes', { count: quiz.time_limit_minutes })}
        </li>
        <li>
          {t('{{count}} questions', { count: quiz.question_count })} ·{' '}
          {t('{{count}} points', { count: quiz.total_points })}
        </li>
        <li>
          {t('Attempts: {{used}} of {{allowed}}', {
            used: attempts.length,
            allowed: quiz.attempts_allowed,
          })}
        </li>
      </ul>
      {attempts.length > 0 && (
        <>
          <Text as="h3" weight="semibold">
            {t('Your attempts')}
          </Text>
          <ul className={styles.lines}>
            {attempts.map((a) => (
              <li key={a.id}>
                {t('Attempt {{number}}', { number: a.number })}:{' '}
                {a.submitted_at ? date(a.submitted_at) : t('In progress')}
                {a.score !== null &&
                  ` · ${scoreText(t, a.score, quiz.total_points, a.pending)}`}{' '}
                {a.state === 'submitted' && (
                  <Button
                    size="small"
                    appearance="subtle"
                    onClick={() => onOpen(a.id)}
                    data-testid="attempt-open"
                  >
                    {t('See your answers')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {quiz.can_attempt ? (
        <div className={styles.actions}>
          <Button
            appearance="primary"
            onClick={onStart}
            disabledFocusable={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            data-testid="attempt-start"
          >
            {attempts.length ? t('Start another attempt') : t('Start the quiz')}
          </Button>
        </div>
      ) : (
        <Text>
          {opensLater
            ? t('This quiz is not open yet.')
            : Date.parse(quiz.closes_at) <= Date.now()
              ? t('This quiz has closed.')
              : t('You have used every attempt.')}
        </Text>
      )}
    </div>
  );
}

/** The time left to the server's deadline, every second. */
function useSecondsLeft(deadline: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
}

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

function AttemptForm({
  quiz,
  attempt,
  onFinished,
}: {
  quiz: QuizDetail;
  attempt: AttemptDetail;
  onFinished: (detail: AttemptDetail) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [answers, setAnswers] = useState<Record<number, Answer>>(() =>
    Object.fromEntries(attempt.answers.map((a) => [a.question_id, a.answer])),
  );
  const [confirming, setConfirming] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const reload = useMutation({
    mutationFn: () => getAttempt(scope, quiz.id, attempt.id),
    onSuccess: onFinished,
  });
  const saver = useAnswerSaver(
    (questionId, answer) =>
      saveAnswer(scope, { quizId: quiz.id, attemptId: attempt.id, questionId }, answer),
    // The deadline passed or the attempt was submitted elsewhere: show where it stands.
    () => {
      if (reload.isIdle) reload.mutate();
    },
  );
  const submit = useMutation({
    mutationFn: async () => {
      await submitAttempt(scope, quiz.id, attempt.id);
      return getAttempt(scope, quiz.id, attempt.id);
    },
    onSuccess: onFinished,
    onSettled: () => setConfirming(false),
  });
  const secondsLeft = useSecondsLeft(attempt.deadline_at);
  useEffect(() => {
    if (secondsLeft === 300) announce(t('5 minutes left'));
    if (secondsLeft === 60) announce(t('1 minute left'));
    // At the deadline the server submits what was saved; reading the attempt shows it.
    if (secondsLeft === 0 && reload.isIdle) reload.mutate();
  }, [secondsLeft, reload, t]);

  const states = Object.values(saver.states);
  const failed = states.includes('failed');
  const busy = states.some((s) => s === 'saving' || s === 'pending');
  const answered = attempt.questions.filter((q) => isAnswered(answers[q.id])).length;
  const unanswered = attempt.questions.length - answered;
  const change = (question: QuestionForStudent, answer: Answer, typed: boolean) => {
    setAnswers((current) => ({ ...current, [question.id]: answer }));
    saver.change(question.id, answer, typed);
  };
  const askToSubmit = async () => {
    setUnsaved(false);
    setConfirming(true);
    if (!(await saver.flush())) setUnsaved(true);
  };

  return (
    <>
      <div className={styles.bar} data-testid="attempt-bar">
        <Text
          role="timer"
          aria-label={t('Time left')}
          weight="semibold"
          size={500}
          className={`${styles.timer} ${secondsLeft < 60 ? styles.urgent : ''}`}
          data-testid="attempt-timer"
        >
          {clock(secondsLeft)}
        </Text>
        <Text>
          {t('{{answered}} of {{total}} answered', { answered, total: attempt.questions.length })}
        </Text>
        <Text
          role="status"
          className={failed ? styles.failed : undefined}
          data-testid="attempt-save-state"
        >
          {failed
            ? t('Not saved: trying again')
            : busy
              ? t('Saving...')
              : states.length
                ? t('All answers saved')
                : t('Answers are saved as you give them')}
        </Text>
        {failed && (
          <Button size="small" onClick={saver.retry}>
            {t('Retry')}
          </Button>
        )}
      </div>
      {reload.isError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{apiErrorMessage(reload.error, t)}</MessageBarBody>
        </MessageBar>
      )}
      <ol className={styles.list}>
        {attempt.questions.map((question, i) => (
          <li key={question.id}>
            <QuestionCard
              question={question}
              number={i + 1}
              answer={answers[question.id] ?? emptyAnswer(question)}
              state={saver.states[question.id]}
              onChange={(answer, typed) => change(question, answer, typed)}
            />
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          onClick={() => void askToSubmit()}
          data-testid="attempt-submit"
        >
          {t('Submit')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        modalType="alert"
        onOpenChange={(_e, data) => !data.open && setConfirming(false)}
      >
        <DialogSurface data-testid="attempt-confirm">
          <DialogBody>
            <DialogTitle>{t('Submit your answers?')}</DialogTitle>
            <DialogContent>
              {unanswered > 0 && (
                <p>{t('{{count}} questions have no answer.', { count: unanswered })}</p>
              )}
              <p>{t('Once submitted, your answers can no longer change.')}</p>
              {unsaved && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>
                    {t('Some answers are not saved yet: check your connection and try again.')}
                  </MessageBarBody>
                </MessageBar>
              )}
              {submit.isError && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{apiErrorMessage(submit.error, t)}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)} disabled={submit.isPending}>
                {t('Cancel')}
              </Button>
              <Button
                appearance="primary"
                disabled={submit.isPending || unsaved || busy}
                icon={submit.isPending ? <Spinner size="tiny" /> : undefined}
                onClick={() => submit.mutate()}
                data-testid="attempt-confirm-submit"
              >
                {t('Submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

const STATE_LABELS: Record<SaveState, string> = {
  pending: msg('Saving...'),
  saving: msg('Saving...'),
  saved: msg('Saved'),
  failed: msg('Not saved'),
};

function QuestionCard({
  question,
  number,
  answer,
  state,
  onChange,
}: {
  question: QuestionForStudent;
  number: number;
  answer: Answer;
  state: SaveState | undefined;
  onChange: (answer: Answer, typed: boolean) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const labelId = `question-${question.id}`;
  return (
    <section className={styles.card} aria-labelledby={labelId} data-testid="attempt-question">
      <div className={styles.head}>
        <Text weight="semibold">
          {t('Question {{number}}', { number })} ·{' '}
          {t('{{count}} points', { count: question.points })}
        </Text>
        {state && (
          <Text
            size={200}
            className={state === 'failed' ? styles.failed : styles.meta}
            data-testid="question-save-state"
          >
            {t(STATE_LABELS[state])}
          </Text>
        )}
      </div>
      {question.kind === 'fill_blanks' ? (
        <Text id={labelId} className={styles.meta}>
          {t('Fill in the blanks')}
        </Text>
      ) : (
        <Text id={labelId} size={400}>
          {question.text}
        </Text>
      )}
      {question.kind === 'multiple_choice' && question.multiple && (
        <Text className={styles.meta}>{t('Choose one or more.')}</Text>
      )}
      <AnswerField question={question} answer={answer} labelId={labelId} onChange={onChange} />
    </section>
  );
}

function AttemptResult({
  quiz,
  attempt,
  onBack,
}: {
  quiz: QuizDetail;
  attempt: AttemptDetail;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const results = attempt.results;
  const answerOf = (id: number) => attempt.answers.find((a) => a.question_id === id)?.answer;
  // Submitting happens at the foot of the questions: bring the outcome into view (and focus).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus();
  }, []);
  return (
    <>
      <div className={styles.card} data-testid="attempt-result">
        <Text as="h3" weight="semibold" size={500} ref={heading} tabIndex={-1}>
          {t('Attempt {{number}}', { number: attempt.number })}
        </Text>
        {results && attempt.score !== null ? (
          <Text size={500} data-testid="attempt-score">
            {scoreText(t, attempt.score, results.total_points, attempt.pending)}
          </Text>
        ) : (
          <Text>
            {quiz.show_results === 'never'
              ? t('Your answers are in. This quiz does not show results.')
              : t('Your answers are in. Results are shown after the quiz closes.')}
          </Text>
        )}
        <div className={styles.actions}>
          <Button onClick={onBack}>{t('Back to the quiz')}</Button>
        </div>
      </div>
      {results && (
        <ol className={styles.list}>
          {attempt.questions.map((question, i) => {
            const correct = results.correct.find((q) => q.id === question.id);
            const outcome = results.per_question.find((p) => p.question_id === question.id);
            return (
              <li key={question.id} className={styles.card} data-testid="result-question">
                <div className={styles.head}>
                  <Text weight="semibold">{t('Question {{number}}', { number: i + 1 })}</Text>
                  {outcome && (
                    <Badge
                      appearance="tint"
                      color={
                        outcome.points === null
                          ? 'informative'
                          : outcome.points >= outcome.max_points
                            ? 'success'
                            : outcome.points > 0
                              ? 'warning'
                              : 'danger'
                      }
                    >
                      {pointsText(outcome.points, outcome.max_points, t)}
                    </Badge>
                  )}
                </div>
                <Text>{question.text}</Text>
                {correct && (
                  <>
                    <Text>
                      {t('Your answer')}: {answerTextOf(correct, answerOf(question.id) ?? null, t)}
                    </Text>
                    <Text className={styles.meta}>
                      {t('Correct answer')}: {correctTextOf(correct, t)}
                    </Text>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
