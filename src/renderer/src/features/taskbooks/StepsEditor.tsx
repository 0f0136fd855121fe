import {
  Badge,
  Button,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDown20Regular, ArrowUp20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../components/LiveAnnouncer';
import { useDropdownSlots } from '../../components/fluentSlots';
import { moveStep, stepKey, stepsToAdd } from './stepOrder';
import type { StepDraft } from './taskbooksApi';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  step: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    outlineOffset: '2px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  position: { minWidth: '2ch', color: tokens.colorNeutralForeground3 },
  title: { flexGrow: 1, minWidth: '140px', overflowWrap: 'anywhere' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXS },
  add: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
  },
  picker: { flexGrow: 1, minWidth: '220px', maxWidth: '480px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

type Control = 'row' | 'up' | 'down';

/**
 * A book's steps in order: add one of the lesson's tasks and chapters from a picker, remove one,
 * move one with its buttons or, with the focus on its row, Alt+Arrow up and down.
 */
export function StepsEditor({
  steps,
  lessonSteps,
  editable,
  onChange,
  error,
}: {
  steps: StepDraft[];
  /** Every task and chapter of the book's lesson; null while they load or no lesson is chosen. */
  lessonSteps: StepDraft[] | null;
  editable: boolean;
  onChange: (steps: StepDraft[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slots = useDropdownSlots();
  const [picked, setPicked] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  // After a move the focus follows the step (its row or the button pressed), as React re-orders.
  const [focusAfter, setFocusAfter] = useState<{ key: string; control: Control } | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const row = rows.current.get(focusAfter.key);
    const target =
      focusAfter.control === 'row'
        ? row
        : row?.querySelector<HTMLElement>(`[data-control="${focusAfter.control}"]`);
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const kindLabel = (kind: StepDraft['kind']) => (kind === 'task' ? t('Task') : t('Chapter'));
  const available = stepsToAdd(lessonSteps ?? [], steps);
  const move = (index: number, delta: number, control: Control) => {
    const next = moveStep(steps, index, delta);
    if (next === steps) return;
    const step = steps[index]!;
    onChange(next);
    setFocusAfter({ key: stepKey(step), control });
    announce(
      t('{{title}} moved to place {{place}} of {{count}}', {
        title: step.title,
        place: index + delta + 1,
        count: steps.length,
      }),
    );
  };
  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!editable || !event.altKey) return;
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const control = (event.target as HTMLElement).dataset.control as Control | undefined;
    move(index, event.key === 'ArrowUp' ? -1 : 1, control ?? 'row');
  };
  const add = () => {
    const step = available.find((s) => stepKey(s) === picked);
    if (!step) return;
    onChange([...steps, step]);
    setPicked(null);
    announce(
      t('{{title}} added as step {{place}}', { title: step.title, place: steps.length + 1 }),
    );
  };

  return (
    <>
      {editable && (
        <Text id="taskbook-steps-hint" size={200} className={styles.hint}>
          {t('Focus a step and press Alt+Up or Alt+Down to move it.')}
        </Text>
      )}
      {error && (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {error}
        </Text>
      )}
      {steps.length === 0 ? (
        <Text className={styles.hint}>{t('No steps yet.')}</Text>
      ) : (
        <ol className={styles.list} aria-label={t('Steps')} data-testid="taskbook-steps">
          {steps.map((step, index) => {
            const key = stepKey(step);
            return (
              <li
                key={key}
                ref={(node) => {
                  if (node) rows.current.set(key, node);
                  else rows.current.delete(key);
                }}
                className={styles.step}
                tabIndex={editable ? 0 : undefined}
                aria-describedby={editable ? 'taskbook-steps-hint' : undefined}
                onKeyDown={(event) => onRowKey(event, index)}
                data-control="row"
                data-testid="taskbook-step"
                data-step={key}
              >
                <Text className={styles.position} aria-hidden>
                  {index + 1}.
                </Text>
                <Badge appearance="tint" color={step.kind === 'task' ? 'brand' : 'informative'}>
                  {kindLabel(step.kind)}
                </Badge>
                <Text className={styles.title}>{step.title}</Text>
                {editable && (
                  <span className={styles.buttons}>
                    <Button
                      appearance="subtle"
                      icon={<ArrowUp20Regular />}
                      aria-label={t('Move up: {{title}}', { title: step.title })}
                      disabledFocusable={index === 0}
                      onClick={() => move(index, -1, 'up')}
                      data-control="up"
                      data-testid="taskbook-step-up"
                    />
                    <Button
                      appearance="subtle"
                      icon={<ArrowDown20Regular />}
                      aria-label={t('Move down: {{title}}', { title: step.title })}
                      disabledFocusable={index === steps.length - 1}
                      onClick={() => move(index, 1, 'down')}
                      data-control="down"
                      data-testid="taskbook-step-down"
                    />
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label={t('Remove: {{title}}', { title: step.title })}
                      onClick={() => {
                        onChange(steps.filter((s) => stepKey(s) !== key));
                        announce(t('{{title}} removed', { title: step.title }));
                      }}
                      data-testid="taskbook-step-remove"
                    />
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {editable && (
        <div className={styles.add}>
          <Field label={t('Add a task or chapter of the lesson')} className={styles.picker}>
            <Dropdown
              {...slots}
              placeholder={
                lessonSteps === null
                  ? t('Choose the lesson first')
                  : available.length === 0
                    ? t('Every task and chapter is in the book')
                    : t('Choose a step')
              }
              disabled={available.length === 0}
              value={available.find((s) => stepKey(s) === picked)?.title ?? ''}
              selectedOptions={picked ? [picked] : []}
              onOptionSelect={(_event, data) => setPicked(data.optionValue ?? null)}
              data-testid="taskbook-step-picker"
            >
              {available.map((step) => (
                <Option key={stepKey(step)} value={stepKey(step)} text={step.title}>
                  {`${kindLabel(step.kind)}: ${step.title}`}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Button disabled={!picked} onClick={add} data-testid="taskbook-step-add">
            {t('Add step')}
          </Button>
        </div>
      )}
    </>
  );
}
