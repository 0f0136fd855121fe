import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { AnswerResult, Question, QuizReview } from '../../../../shared/api/quizzes';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { answerTextOf, correctTextOf, pointsText, scoreText } from './answerText';
import { attemptKeys, getReview, scoreAnswer } from './attemptsApi';
import { getQuiz, quizKeys } from './quizzesApi';
import { useQuizzesInvalidation } from './useQuizzesInvalidation';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalL}`,
  },
  answer: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere',
  },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  meta: { color: tokens.colorNeutralForeground3 },
  grade: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
  },
  points: { width: '110px' },
  pointsInput: { minWidth: 0, width: '100%' },
  list: { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column' },
});

type Student = QuizReview['students'][number];
type ReviewAttempt = Student['attempts'][number];

const duration = (seconds: number | null, t: TFunction) => {
  if (seconds === null) return t('In progress');
  const minutes = Math.floor(seconds / 60);
  return t('{{minutes}} min {{seconds}} s', { minutes, seconds: seconds % 60 });
};

/** The teacher's review of a quiz (`quizanswers/:quiz_id`): statistics, then every attempt. */
export function QuizReviewPage() {
  const params = useParams();
  const quizId = Number(params.quiz_id);
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const quiz = useQuery({
    queryKey: quizKeys.one(scope, quizId),
    queryFn: ({ signal }) => getQuiz(scope, quizId, signal),
    enabled: Number.isInteger(quizId),
  });
  const review = useQuery({
    queryKey: attemptKeys.review(scope, quizId),
    staleTime: 0,
    queryFn: ({ signal }) => getReview(scope, quizId, signal),
    enabled: Number.isInteger(quizId),
  });
  const questions = quiz.data?.questions ?? [];
  const numberOf = (id: number) => questions.findIndex((q) => q.id === id) + 1;
  const error = quiz.error ?? review.error;

  type Stat = QuizReview['statistics'][number];
  const statColumns: SimpleColumn<Stat>[] = [
    {
      id: 'question',
      label: t('Question'),
      width: '40%',
      cell: (row) => {
        const q = questions.find((x) => x.id === row.question_id);
        return `${numberOf(row.question_id)}. ${q?.text ?? ''}`;
      },
    },
    { id: 'answered', label: t('Answers'), cell: (row) => String(row.answered) },
    {
      id: 'correct',
      label: t('Share correct'),
      cell: (row) => (row.share_correct === null ? '–' : `${Math.round(row.share_correct * 100)}%`),
    },
    {
      id: 'wrong',
      label: t('Most chosen wrong answer'),
      cell: (row) =>
        row.most_chosen_wrong
          ? `${row.most_chosen_wrong.text} (${row.most_chosen_wrong.count})`
          : '–',
    },
  ];

  const taken = (review.data?.students ?? []).filter((s) => s.attempts.length > 0);
  const notTaken = (review.data?.students.length ?? 0) - taken.length;

  return (
    <PageFrame
      title={quiz.data ? `${t('Quiz answers')}: ${quiz.data.title}` : t('Quiz answers')}
      actions={
        quiz.data && (
          <AppLink to={`${basePath}/lesson/${quiz.data.lesson_id}/quiz/${quizId}`}>
            {t('Back to the quiz')}
          </AppLink>
        )
      }
    >
      {error && <LoadError message={apiErrorText(error)} />}
      {!quiz.data || !review.data ? (
        !error && <Spinner label={t('Loading...')} />
      ) : (
        <>
          <section className={styles.section} aria-label={t('Questions')}>
            <Text as="h3" size={400} weight="semibold">
              {t('Questions')}
            </Text>
            <SimpleList
              rows={review.data.statistics}
              columns={statColumns}
              rowKey={(row) => row.question_id}
              label={t('Questions')}
              testId="review-stat"
            />
          </section>
          <section className={styles.section} aria-label={t('Students')}>
            <Text as="h3" size={400} weight="semibold">
              {t('Students')}
            </Text>
            {notTaken > 0 && (
              <Text className={styles.meta}>
                {t('{{count}} students have not started it.', { count: notTaken })}
              </Text>
            )}
            {taken.length === 0 ? (
              <NothingFound />
            ) : (
              <Accordion multiple collapsible>
                {taken.flatMap((student) =>
                  student.attempts.map((attempt) => (
                    <AttemptItem
                      key={attempt.id}
                      quizId={quizId}
                      student={student}
                      attempt={attempt}
                      questions={questions}
                      totalPoints={quiz.data.total_points}
                    />
                  )),
                )}
              </Accordion>
            )}
          </section>
        </>
      )}
    </PageFrame>
  );
}

function AttemptItem({
  quizId,
  student,
  attempt,
  questions,
  totalPoints,
}: {
  quizId: number;
  student: Student;
  attempt: ReviewAttempt;
  questions: Question[];
  totalPoints: number;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const name = `${student.last_name} ${student.first_name}`;
  return (
    <AccordionItem value={attempt.id} data-testid="review-attempt">
      <AccordionHeader>
        <span className={styles.head}>
          <Text weight="semibold">{name}</Text>
          <Text className={styles.meta}>{t('Attempt {{number}}', { number: attempt.number })}</Text>
          {attempt.state === 'open' ? (
            <Badge appearance="tint" color="warning">
              {t('In progress')}
            </Badge>
          ) : (
            <Badge appearance="tint" color={attempt.pending ? 'informative' : 'success'}>
              {scoreText(t, attempt.score ?? 0, totalPoints, attempt.pending)}
            </Badge>
          )}
          <Text className={styles.meta}>{duration(attempt.seconds_taken, t)}</Text>
        </span>
      </AccordionHeader>
      <AccordionPanel>
        <div className={styles.panel}>
          <Text className={styles.meta}>
            {t('Started {{date}}', {
              date: formatLongDate(attempt.started_at, i18n.language, true),
            })}
          </Text>
          <ol className={styles.list}>
            {questions.map((question, i) => {
              const result = attempt.answers.find((a) => a.question_id === question.id);
              return (
                <li key={question.id} className={styles.answer} data-testid="review-answer">
                  <ReviewAnswer
                    quizId={quizId}
                    attemptId={attempt.id}
                    submitted={attempt.state === 'submitted'}
                    question={question}
                    number={i + 1}
                    result={result}
                  />
                </li>
              );
            })}
          </ol>
        </div>
      </AccordionPanel>
    </AccordionItem>
  );
}

function ReviewAnswer({
  quizId,
  attemptId,
  submitted,
  question,
  number,
  result,
}: {
  quizId: number;
  attemptId: number;
  submitted: boolean;
  question: Question;
  number: number;
  result: AnswerResult | undefined;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidation = useQuizzesInvalidation();
  const [points, setPoints] = useState(
    result?.points === null || result?.points === undefined ? '' : String(result.points),
  );
  const grade = useMutation({
    mutationFn: () =>
      scoreAnswer(scope, { quizId, attemptId, questionId: question.id }, Number(points)),
    onSuccess: () => invalidation.afterWrite(),
  });
  const max = result?.max_points ?? question.points;
  const waiting = result?.points === null;
  return (
    <>
      <span className={styles.head}>
        <Text weight="semibold">{t('Question {{number}}', { number })}</Text>
        <Badge
          appearance="tint"
          color={
            waiting
              ? 'informative'
              : (result?.points ?? 0) >= max
                ? 'success'
                : (result?.points ?? 0) > 0
                  ? 'warning'
                  : 'danger'
          }
        >
          {pointsText(result?.points ?? (result ? null : 0), max, t)}
        </Badge>
        {result?.graded_by_hand && <Text className={styles.meta}>{t('Graded by hand')}</Text>}
      </span>
      <Text>{question.text}</Text>
      <Text>
        {t('Answer')}: {answerTextOf(question, result?.answer ?? null, t)}
      </Text>
      <Text className={styles.meta}>
        {t('Correct answer')}: {correctTextOf(question, t)}
      </Text>
      {submitted && (
        <form
          className={styles.grade}
          onSubmit={(event) => {
            event.preventDefault();
            grade.mutate();
          }}
        >
          <Field
            label={waiting ? t('Grade ({{max}} max)', { max }) : t('Points ({{max}} max)', { max })}
            className={styles.points}
            validationMessage={grade.isError ? apiErrorMessage(grade.error, t) : undefined}
          >
            <Input
              type="number"
              min={0}
              max={max}
              step="any"
              className={styles.pointsInput}
              value={points}
              onChange={(_e, data) => setPoints(data.value)}
              data-testid="review-points"
            />
          </Field>
          <Button
            type="submit"
            appearance={waiting ? 'primary' : 'secondary'}
            disabledFocusable={grade.isPending || points.trim() === ''}
            icon={grade.isPending ? <Spinner size="tiny" /> : undefined}
            data-testid="review-grade"
          >
            {waiting ? t('Grade') : t('Override')}
          </Button>
        </form>
      )}
    </>
  );
}
