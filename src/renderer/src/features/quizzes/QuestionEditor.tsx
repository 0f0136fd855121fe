import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { blankCount, type QuestionInput, type QuestionKind } from '../../../../shared/api/quizzes';
import { msg } from '../../i18n/msg';

export const KIND_LABELS: Record<QuestionKind, string> = {
  simple: msg('Short answer'),
  multiple_choice: msg('Multiple choice'),
  matching: msg('Matching'),
  true_false: msg('True or false'),
  fill_blanks: msg('Fill in the blanks'),
};

/** A new question of a kind, with the fields it needs. */
export function newQuestion(kind: QuestionKind): QuestionInput {
  const base = { text: '', points: 1 };
  switch (kind) {
    case 'simple':
      return { kind, ...base, accepted_answers: [] };
    case 'multiple_choice':
      return {
        kind,
        ...base,
        options: [
          { text: '', correct: true },
          { text: '', correct: false },
        ],
      };
    case 'matching':
      return {
        kind,
        ...base,
        pairs: [
          { prompt: '', match: '' },
          { prompt: '', match: '' },
        ],
      };
    case 'true_false':
      return { kind, ...base, correct: true };
    case 'fill_blanks':
      return { kind, ...base, blanks: [] };
  }
}

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  kind: { fontWeight: tokens.fontWeightSemibold, flexGrow: 1 },
  row: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
    flexWrap: 'wrap',
  },
  grow: { flexGrow: 1, minWidth: '160px' },
  points: { width: '110px' },
  fill: { minWidth: 0, width: '100%' },
});

/** Accepted answers edited as one line each. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** One question of the quiz editor, with its kind's own fields. */
export function QuestionEditor({
  question,
  index,
  readOnly,
  errors,
  onChange,
  onRemove,
}: {
  question: QuestionInput;
  index: number;
  readOnly: boolean;
  /** Field messages of this question, by the path below it (`text`, `options`...). */
  errors: Record<string, string>;
  onChange: (next: QuestionInput) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const number = index + 1;
  const id = `question-${index}`;
  const set = (patch: Partial<QuestionInput>) =>
    onChange({ ...question, ...patch } as QuestionInput);

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-testid="quiz-question">
      <div className={styles.head}>
        <Text id={`${id}-title`} className={styles.kind}>
          {t('Question {{number}}: {{kind}}', { number, kind: t(KIND_LABELS[question.kind]) })}
        </Text>
        {!readOnly && (
          <Button
            icon={<Delete20Regular />}
            onClick={onRemove}
            aria-label={t('Remove question {{number}}', { number })}
          />
        )}
      </div>
      <div className={styles.row}>
        <Field
          label={
            question.kind === 'fill_blanks' ? t('Text (mark each gap with ___)') : t('Question')
          }
          required
          className={styles.grow}
          validationMessage={errors.text}
        >
          <Textarea
            value={question.text}
            readOnly={readOnly}
            resize="vertical"
            onChange={(_event, data) => {
              if (question.kind !== 'fill_blanks') return set({ text: data.value });
              // One entry per gap: the gaps follow the text as it is typed.
              const gaps = blankCount(data.value);
              const blanks = Array.from(
                { length: gaps },
                (_, i) => question.blanks[i] ?? { accepted: [] },
              );
              onChange({ ...question, text: data.value, blanks });
            }}
            data-testid="question-text"
          />
        </Field>
        <Field
          label={t('Points')}
          required
          className={styles.points}
          validationMessage={errors.points}
        >
          <Input
            type="number"
            min={0}
            max={100}
            className={styles.fill}
            value={String(question.points)}
            readOnly={readOnly}
            onChange={(_event, data) => set({ points: Number(data.value) })}
            data-testid="question-points"
          />
        </Field>
      </div>
      {question.kind === 'simple' && (
        <Field
          label={t('Accepted answers, one per line (none: you grade it)')}
          hint={t('Case, accents and extra spaces do not matter.')}
          validationMessage={errors.accepted_answers}
        >
          <Textarea
            defaultValue={question.accepted_answers.join('\n')}
            readOnly={readOnly}
            onChange={(_event, data) => set({ accepted_answers: linesOf(data.value) })}
            data-testid="question-accepted"
          />
        </Field>
      )}
      {question.kind === 'multiple_choice' && (
        <>
          {question.options.map((option, i) => (
            <div className={styles.row} key={i}>
              <Field label={t('Option {{number}}', { number: i + 1 })} className={styles.grow}>
                <Input
                  value={option.text}
                  readOnly={readOnly}
                  onChange={(_event, data) =>
                    set({
                      options: question.options.map((o, j) =>
                        j === i ? { ...o, text: data.value } : o,
                      ),
                    })
                  }
                  data-testid="question-option"
                />
              </Field>
              <Checkbox
                label={t('Correct')}
                checked={option.correct}
                disabled={readOnly}
                onChange={(_event, data) =>
                  set({
                    options: question.options.map((o, j) =>
                      j === i ? { ...o, correct: data.checked === true } : o,
                    ),
                  })
                }
              />
              {!readOnly && question.options.length > 2 && (
                <Button
                  icon={<Delete20Regular />}
                  aria-label={t('Remove option {{number}}', { number: i + 1 })}
                  onClick={() => set({ options: question.options.filter((_, j) => j !== i) })}
                />
              )}
            </div>
          ))}
          {errors.options && <Text role="alert">{errors.options}</Text>}
          {!readOnly && question.options.length < 12 && (
            <Button
              icon={<Add20Regular />}
              onClick={() => set({ options: [...question.options, { text: '', correct: false }] })}
            >
              {t('Add option')}
            </Button>
          )}
        </>
      )}
      {question.kind === 'matching' && (
        <>
          {question.pairs.map((pair, i) => (
            <div className={styles.row} key={i}>
              {(['prompt', 'match'] as const).map((side) => (
                <Field
                  key={side}
                  label={
                    side === 'prompt'
                      ? t('Item {{number}}', { number: i + 1 })
                      : t('Its match {{number}}', { number: i + 1 })
                  }
                  className={styles.grow}
                >
                  <Input
                    value={pair[side]}
                    readOnly={readOnly}
                    onChange={(_event, data) =>
                      set({
                        pairs: question.pairs.map((p, j) =>
                          j === i ? { ...p, [side]: data.value } : p,
                        ),
                      })
                    }
                  />
                </Field>
              ))}
              {!readOnly && question.pairs.length > 2 && (
                <Button
                  icon={<Delete20Regular />}
                  aria-label={t('Remove pair {{number}}', { number: i + 1 })}
                  onClick={() => set({ pairs: question.pairs.filter((_, j) => j !== i) })}
                />
              )}
            </div>
          ))}
          {errors.pairs && <Text role="alert">{errors.pairs}</Text>}
          {!readOnly && question.pairs.length < 20 && (
            <Button
              icon={<Add20Regular />}
              onClick={() => set({ pairs: [...question.pairs, { prompt: '', match: '' }] })}
            >
              {t('Add pair')}
            </Button>
          )}
        </>
      )}
      {question.kind === 'true_false' && (
        <Field label={t('The statement is')}>
          <RadioGroup
            layout="horizontal"
            value={question.correct ? 'true' : 'false'}
            disabled={readOnly}
            onChange={(_event, data) => set({ correct: data.value === 'true' })}
          >
            <Radio value="true" label={t('True')} />
            <Radio value="false" label={t('False')} />
          </RadioGroup>
        </Field>
      )}
      {question.kind === 'fill_blanks' && (
        <>
          {question.blanks.length === 0 && (
            <Text>{t('Write ___ in the text where each gap goes.')}</Text>
          )}
          {question.blanks.map((blank, i) => (
            <Field
              key={i}
              label={t('Gap {{number}}: accepted answers, separated by |', { number: i + 1 })}
            >
              <Input
                defaultValue={blank.accepted.join(' | ')}
                readOnly={readOnly}
                onChange={(_event, data) =>
                  set({
                    blanks: question.blanks.map((b, j) =>
                      j === i
                        ? {
                            accepted: data.value
                              .split('|')
                              .map((s) => s.trim())
                              .filter(Boolean),
                          }
                        : b,
                    ),
                  })
                }
              />
            </Field>
          ))}
          {errors.blanks && <Text role="alert">{errors.blanks}</Text>}
        </>
      )}
    </section>
  );
}
