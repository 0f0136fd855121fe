import {
  Checkbox,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BLANK_MARKER,
  type Answer,
  type AnswerOf,
  type QuestionForStudent,
} from '../../../../shared/api/quizzes';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  prompt: { overflowWrap: 'anywhere' },
  select: { minWidth: 0 },
  // The gaps sit in the sentence: the text wraps around them on a phone.
  gaps: { lineHeight: '2.6', overflowWrap: 'anywhere' },
  gap: { width: '9em', minWidth: 0, maxWidth: '100%', margin: `0 ${tokens.spacingHorizontalXS}` },
});

/** The answer a question starts with before the student gives one. */
export function emptyAnswer(question: QuestionForStudent): Answer {
  switch (question.kind) {
    case 'simple':
      return { kind: 'simple', text: '' };
    case 'multiple_choice':
      return { kind: 'multiple_choice', options: [] };
    case 'matching':
      return { kind: 'matching', matches: [] };
    case 'true_false':
      return { kind: 'true_false', value: null };
    case 'fill_blanks':
      return { kind: 'fill_blanks', blanks: Array.from({ length: question.blanks }, () => '') };
  }
}

/**
 * The controls of one question, by kind. `onChange` says whether the change was typed (saved
 * after a pause) or chosen (saved at once). The question's text labels the group.
 */
export function AnswerField({
  question,
  answer,
  labelId,
  onChange,
}: {
  question: QuestionForStudent;
  answer: Answer;
  labelId: string;
  onChange: (answer: Answer, typed: boolean) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  switch (question.kind) {
    case 'simple': {
      const value = answer as AnswerOf<'simple'>;
      return (
        <Textarea
          aria-labelledby={labelId}
          value={value.text}
          resize="vertical"
          maxLength={2000}
          onChange={(_e, data) => onChange({ kind: 'simple', text: data.value }, true)}
          data-testid="answer-simple"
        />
      );
    }
    case 'multiple_choice': {
      const value = answer as AnswerOf<'multiple_choice'>;
      if (question.multiple)
        return (
          <div role="group" aria-labelledby={labelId} className={styles.column}>
            {question.options.map((option) => (
              <Checkbox
                key={option.id}
                label={option.text}
                checked={value.options.includes(option.id)}
                onChange={(_e, data) =>
                  onChange(
                    {
                      kind: 'multiple_choice',
                      options: data.checked
                        ? [...value.options, option.id].sort((a, b) => a - b)
                        : value.options.filter((id) => id !== option.id),
                    },
                    false,
                  )
                }
                data-testid="answer-option"
              />
            ))}
          </div>
        );
      return (
        <RadioGroup
          aria-labelledby={labelId}
          value={value.options[0] === undefined ? '' : String(value.options[0])}
          onChange={(_e, data) =>
            onChange({ kind: 'multiple_choice', options: [Number(data.value)] }, false)
          }
        >
          {question.options.map((option) => (
            <Radio
              key={option.id}
              value={String(option.id)}
              label={option.text}
              data-testid="answer-option"
            />
          ))}
        </RadioGroup>
      );
    }
    case 'matching': {
      const value = answer as AnswerOf<'matching'>;
      const matchOf = (prompt: number) => value.matches.find((m) => m.prompt === prompt)?.match;
      return (
        <div role="group" aria-labelledby={labelId} className={styles.column}>
          {question.prompts.map((prompt) => (
            <div key={prompt.id} className={styles.pair}>
              <span className={styles.prompt} id={`${labelId}-p${prompt.id}`}>
                {prompt.text}
              </span>
              <Select
                className={styles.select}
                aria-labelledby={`${labelId}-p${prompt.id}`}
                value={matchOf(prompt.id) === undefined ? '' : String(matchOf(prompt.id))}
                onChange={(_e, data) => {
                  const others = value.matches.filter((m) => m.prompt !== prompt.id);
                  onChange(
                    {
                      kind: 'matching',
                      matches:
                        data.value === ''
                          ? others
                          : [...others, { prompt: prompt.id, match: Number(data.value) }],
                    },
                    false,
                  );
                }}
                data-testid="answer-match"
              >
                <option value="">{t('Choose...')}</option>
                {question.matches.map((match) => (
                  <option key={match.id} value={String(match.id)}>
                    {match.text}
                  </option>
                ))}
              </Select>
            </div>
          ))}
        </div>
      );
    }
    case 'true_false': {
      const value = answer as AnswerOf<'true_false'>;
      return (
        <RadioGroup
          aria-labelledby={labelId}
          layout="horizontal"
          value={value.value === null ? '' : String(value.value)}
          onChange={(_e, data) =>
            onChange({ kind: 'true_false', value: data.value === 'true' }, false)
          }
        >
          <Radio value="true" label={t('True')} data-testid="answer-true" />
          <Radio value="false" label={t('False')} data-testid="answer-false" />
        </RadioGroup>
      );
    }
    case 'fill_blanks': {
      const value = answer as AnswerOf<'fill_blanks'>;
      const parts = question.text.split(BLANK_MARKER);
      return (
        <div className={styles.gaps} data-testid="answer-gaps">
          {parts.map((part, i) => (
            <Fragment key={i}>
              {part}
              {i < parts.length - 1 && (
                <Input
                  className={styles.gap}
                  aria-label={t('Gap {{number}}', { number: i + 1 })}
                  value={value.blanks[i] ?? ''}
                  maxLength={500}
                  onChange={(_e, data) =>
                    onChange(
                      {
                        kind: 'fill_blanks',
                        blanks: Array.from({ length: question.blanks }, (_, j) =>
                          j === i ? data.value : (value.blanks[j] ?? ''),
                        ),
                      },
                      true,
                    )
                  }
                  data-testid="answer-gap"
                />
              )}
            </Fragment>
          ))}
        </div>
      );
    }
  }
}
