import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QuizSummary } from '../../../../shared/api/quizzes';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { listStudentQuizzes } from './attemptsApi';
import { quizKeys } from './quizzesApi';
import { scoreText } from './answerText';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Status = { label: string; color: 'brand' | 'warning' | 'success' | 'subtle' | 'informative' };

/** Where the student stands with a quiz, in a word (and their score when results are due). */
export function useQuizStatusOf() {
  const { t, i18n } = useTranslation();
  return (quiz: QuizSummary, now: number): Status => {
    const attempts = quiz.attempts ?? [];
    if (attempts.some((a) => a.state === 'open'))
      return { label: t('In progress'), color: 'warning' };
    if (Date.parse(quiz.opens_at) > now)
      return {
        label: t('Opens {{date}}', { date: formatLongDate(quiz.opens_at, i18n.language, true) }),
        color: 'informative',
      };
    const last = attempts.at(-1);
    if (quiz.can_attempt && !last) return { label: t('Open now'), color: 'brand' };
    if (last?.score !== null && last?.score !== undefined)
      return { label: scoreText(t, last.score, quiz.total_points, last.pending), color: 'success' };
    if (last) return { label: t('Submitted'), color: 'subtle' };
    return { label: t('Not taken'), color: 'subtle' };
  };
}

/** A student's quizzes: those open or still to come, then the past ones with their scores. */
export function StudentQuizzesPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const statusOf = useQuizStatusOf();
  const list = useQuery({
    queryKey: [...quizKeys.all(scope), 'student-list'],
    staleTime: 0,
    queryFn: ({ signal }) => listStudentQuizzes(scope, signal),
  });
  const now = Date.now();
  const rows = list.data ?? [];
  const current = rows
    .filter((q) => Date.parse(q.closes_at) > now)
    .sort((a, b) => a.closes_at.localeCompare(b.closes_at));
  const past = rows.filter((q) => Date.parse(q.closes_at) <= now);

  const columns: SimpleColumn<QuizSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '28%',
      cell: (row) => (
        <AppLink to={`${basePath}/lesson/${row.lesson_id}/quiz/${row.id}`}>{row.title}</AppLink>
      ),
    },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'closes',
      label: t('Closes'),
      cell: (row) => formatLongDate(row.closes_at, i18n.language, true),
    },
    {
      id: 'limit',
      label: t('Time limit'),
      cell: (row) =>
        row.time_limit_minutes === null
          ? t('Until it closes')
          : t('{{count}} minutes', { count: row.time_limit_minutes }),
    },
    {
      id: 'status',
      label: t('Status'),
      cell: (row) => {
        const status = statusOf(row, now);
        return (
          <Badge appearance="tint" color={status.color}>
            {status.label}
          </Badge>
        );
      },
    },
  ];

  const section = (title: string, items: QuizSummary[], testId: string) => (
    <section className={styles.section} aria-label={title}>
      <Text as="h3" size={400} weight="semibold">
        {title}
      </Text>
      {items.length === 0 ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={items}
          columns={columns}
          rowKey={(row) => row.id}
          label={title}
          testId={testId}
        />
      )}
    </section>
  );

  return (
    <PageFrame title={t('Quizzes')}>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          {section(t('Open and upcoming'), current, 'student-quiz-row')}
          {section(t('Past quizzes'), past, 'student-quiz-past-row')}
        </>
      )}
    </PageFrame>
  );
}
