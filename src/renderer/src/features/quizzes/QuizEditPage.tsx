import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  Text,
  Toast,
  ToastTitle,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  QUESTION_KINDS,
  SHOW_RESULTS,
  type QuestionKind,
  type QuizDetail,
} from '../../../../shared/api/quizzes';
import { apiErrorText } from '../../api/apiErrorText';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { useAppToaster } from '../../app/toaster';
import { AppLink } from '../../components/AppLink';
import { DraftFormActions } from '../../components/DraftFormActions';
import { PageFrame } from '../../components/PageFrame';
import { msg } from '../../i18n/msg';
import { LoadError } from '../../resources/ListStates';
import { useLessonChoices } from '../lessons/useLessonChoices';
import { fromLocalInput, toLocalInput } from '../tasks/taskStates';
import { KIND_LABELS, newQuestion, QuestionEditor } from './QuestionEditor';
import {
  createQuiz,
  deleteQuiz,
  getQuiz,
  quizKeys,
  updateQuiz,
  type QuizDraft,
} from './quizzesApi';
import { useQuizzesInvalidation } from './useQuizzesInvalidation';

const RESULT_LABELS = {
  after_submit: msg('After submitting'),
  after_close: msg('After the quiz closes'),
  never: msg('Never'),
};

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-end',
  },
  // Fields with a hint under them stay level with their neighbours' labels.
  top: { alignItems: 'flex-start' },
  grow: { flexGrow: 1, minWidth: '200px' },
  small: { flexBasis: '150px', flexGrow: 1, minWidth: '120px', maxWidth: '220px' },
  // Fluent's Input has a wide minimum of its own: let it fit its field.
  fill: { minWidth: 0, width: '100%' },
});

const SETTINGS = [
  'title',
  'lesson_id',
  'opens_at',
  'closes_at',
  'time_limit_minutes',
  'attempts_allowed',
  'questions',
] as const;

const draftOf = (quiz: QuizDetail | null): QuizDraft =>
  quiz
    ? {
        title: quiz.title,
        opens_at: quiz.opens_at,
        closes_at: quiz.closes_at,
        time_limit_minutes: quiz.time_limit_minutes === null ? '' : String(quiz.time_limit_minutes),
        attempts_allowed: String(quiz.attempts_allowed),
        shuffle: quiz.shuffle,
        show_results: quiz.show_results,
        published: quiz.published,
        questions: (quiz.questions ?? []).map(({ id: _id, ...question }) => question),
      }
    : {
        title: '',
        opens_at: '',
        closes_at: '',
        time_limit_minutes: '30',
        attempts_allowed: '1',
        shuffle: false,
        show_results: 'after_submit',
        published: false,
        questions: [],
      };

/** The teacher's quiz editor: new (`lesson/:lesson_id/quiz/new`) or an existing quiz. */
export function QuizEditPage() {
  const params = useParams();
  const lessonId = Number(params.lesson_id);
  const id =
    params.quiz_id === undefined || params.quiz_id === 'new' ? null : Number(params.quiz_id);
  const { t } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const record = useQuery({
    queryKey: quizKeys.one(scope, id ?? 0),
    queryFn: ({ signal }) => getQuiz(scope, id!, signal),
    enabled: id !== null && Number.isInteger(id),
  });
  if (id === null)
    return (
      <PageFrame title={t('New quiz')}>
        <QuizForm quiz={null} lessonId={lessonId} />
      </PageFrame>
    );
  return (
    <PageFrame
      title={record.data?.title || t('Quiz')}
      actions={
        record.data && (
          <AppLink to={`${basePath}/quizanswers/${id}`}>{t('Answers and grading')}</AppLink>
        )
      }
    >
      {record.isError ? (
        <LoadError message={apiErrorText(record.error)} />
      ) : !record.data ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <QuizForm
          quiz={record.data}
          lessonId={record.data.lesson_id}
          key={record.data.updated_at}
        />
      )}
    </PageFrame>
  );
}

function QuizForm({ quiz, lessonId }: { quiz: QuizDetail | null; lessonId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const { dispatchToast } = useAppToaster();
  const invalidation = useQuizzesInvalidation();
  const lessons = useLessonChoices();
  const [draft, setDraft] = useState<QuizDraft>(() => draftOf(quiz));
  const [kind, setKind] = useState<QuestionKind>('multiple_choice');
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editable = quiz ? quiz.abilities.update : true;
  // Answers refer to the questions: once a student has started, they stay as they are.
  const questionsEditable = editable && !quiz?.attempted;
  const change = (next: Partial<QuizDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setDirty(true);
  };

  const save = useMutation({
    mutationFn: (values: QuizDraft) =>
      quiz
        ? updateQuiz(scope, quiz.id, values, questionsEditable)
        : createQuiz(scope, lessonId, values),
    onSuccess: async (saved) => {
      flushSync(() => setDirty(false));
      dispatchToast(
        <Toast>
          <ToastTitle>{t('Updated Successfully!')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
      await invalidation.afterWrite();
      if (!quiz)
        void navigate(`${basePath}/lesson/${lessonId}/quiz/${saved.id}`, { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteQuiz(scope, quiz!.id),
    onSuccess: async () => {
      flushSync(() => setDirty(false));
      await invalidation.afterWrite();
      void navigate(`${basePath}/quizs`);
    },
    onSettled: () => setConfirming(false),
  });
  const questionFields = draft.questions.flatMap((_, i) =>
    ['text', 'points', 'accepted_answers', 'options', 'pairs', 'blanks'].map(
      (f) => `questions.${i}.${f}`,
    ),
  );
  const errors = save.error ? formErrors(save.error, [...SETTINGS, ...questionFields], t) : null;
  const errorsOf = (i: number) =>
    Object.fromEntries(
      Object.entries(errors?.fields ?? {})
        .filter(([name]) => name.startsWith(`questions.${i}.`))
        .map(([name, text]) => [name.slice(`questions.${i}.`.length), text]),
    );
  const removeError = remove.error ? formErrors(remove.error, [], t).general : '';
  const lessonName = quiz?.lesson_name ?? lessons.data?.find((l) => l.id === lessonId)?.name ?? '';

  const instantField = (name: 'opens_at' | 'closes_at', label: string) => (
    <Field label={label} required validationMessage={errors?.fields[name]} className={styles.grow}>
      <Input
        type="datetime-local"
        value={toLocalInput(draft[name])}
        readOnly={!editable}
        onChange={(_event, data) => change({ [name]: fromLocalInput(data.value) })}
        data-testid={`quiz-${name}`}
      />
    </Field>
  );
  const numberField = (
    name: 'time_limit_minutes' | 'attempts_allowed',
    label: string,
    hint?: string,
  ) => (
    <Field
      label={label}
      hint={hint}
      validationMessage={errors?.fields[name]}
      className={styles.small}
    >
      <Input
        type="number"
        min={1}
        className={styles.fill}
        value={draft[name]}
        readOnly={!editable}
        onChange={(_event, data) => change({ [name]: data.value })}
        data-testid={`quiz-${name}`}
      />
    </Field>
  );

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (editable) save.mutate(draft);
      }}
      data-testid="quiz-form"
    >
      {(errors?.general || removeError) && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errors?.general || removeError}</MessageBarBody>
        </MessageBar>
      )}
      {!editable && <Text>{t('You may read this quiz but not change it.')}</Text>}
      <div className={styles.row}>
        <Field
          label={t('Title')}
          required
          className={styles.grow}
          validationMessage={errors?.fields.title}
        >
          <Input
            value={draft.title}
            readOnly={!editable}
            onChange={(_event, data) => change({ title: data.value })}
            data-testid="quiz-title"
          />
        </Field>
        <Field
          label={t('Lesson')}
          className={styles.grow}
          validationMessage={errors?.fields.lesson_id}
        >
          <Input value={lessonName} readOnly />
        </Field>
      </div>
      <div className={styles.row}>
        {instantField('opens_at', t('Opens'))}
        {instantField('closes_at', t('Closes'))}
      </div>
      <div className={`${styles.row} ${styles.top}`}>
        {numberField('time_limit_minutes', t('Time limit (minutes)'), t('Empty: until it closes'))}
        {numberField('attempts_allowed', t('Attempts allowed'))}
        <Field label={t('Show results')} className={styles.grow}>
          <Select
            value={draft.show_results}
            disabled={!editable}
            onChange={(_event, data) =>
              change({ show_results: data.value as QuizDraft['show_results'] })
            }
            data-testid="quiz-show-results"
          >
            {SHOW_RESULTS.map((value) => (
              <option key={value} value={value}>
                {t(RESULT_LABELS[value])}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className={styles.row}>
        <Switch
          label={t('Shuffle questions and options')}
          checked={draft.shuffle}
          disabled={!editable}
          onChange={(_event, data) => change({ shuffle: data.checked })}
        />
        <Switch
          label={t('Published')}
          checked={draft.published}
          disabled={!editable}
          onChange={(_event, data) => change({ published: data.checked })}
          data-testid="quiz-published"
        />
      </div>
      <Text as="h2" weight="semibold" size={400}>
        {t('Questions')}
      </Text>
      {quiz?.attempted && (
        <MessageBar intent="info">
          <MessageBarBody>
            {t('Students have started this quiz: its questions can no longer change.')}
          </MessageBarBody>
        </MessageBar>
      )}
      {errors?.fields.questions && <Text role="alert">{errors.fields.questions}</Text>}
      {draft.questions.map((question, i) => (
        <QuestionEditor
          key={i}
          question={question}
          index={i}
          readOnly={!questionsEditable}
          errors={errorsOf(i)}
          onChange={(next) =>
            change({ questions: draft.questions.map((q, j) => (j === i ? next : q)) })
          }
          onRemove={() => change({ questions: draft.questions.filter((_, j) => j !== i) })}
        />
      ))}
      {questionsEditable && (
        <div className={styles.row}>
          <Field label={t('Kind of question')} className={styles.grow}>
            <Select
              value={kind}
              onChange={(_event, data) => setKind(data.value as QuestionKind)}
              data-testid="quiz-kind"
            >
              {QUESTION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {t(KIND_LABELS[value])}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            icon={<Add20Regular />}
            onClick={() => change({ questions: [...draft.questions, newQuestion(kind)] })}
            data-testid="quiz-add-question"
          >
            {t('Add question')}
          </Button>
        </div>
      )}
      <DraftFormActions
        form={{ save, remove, confirming, setConfirming, dirty }}
        editable={editable}
        canDelete={quiz?.abilities.delete === true}
        name={quiz?.title}
        testId="quiz"
      />
    </form>
  );
}
