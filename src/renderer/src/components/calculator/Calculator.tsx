import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { type KeyboardEvent, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_BUTTON_RADIUS } from '../../../../shared/constants';
import { msg } from '../../i18n/msg';
import {
  type CalculatorKey,
  ERROR_DISPLAY,
  initialCalculatorState,
  keyFromKeyboard,
  pressKey,
} from './calculatorMachine';

const LAYOUT: CalculatorKey[] = [
  'C',
  '±',
  '%',
  '÷',
  '7',
  '8',
  '9',
  '×',
  '4',
  '5',
  '6',
  '-',
  '1',
  '2',
  '3',
  '+',
  '0',
  '.',
  '=',
];

const KEY_LABELS: Partial<Record<CalculatorKey, string>> = {
  C: msg('Clear'),
  '±': msg('Change sign'),
  '%': msg('Percent'),
  '÷': msg('Divide'),
  '×': msg('Multiply'),
  '-': msg('Subtract'),
  '+': msg('Add'),
  '=': msg('Equals'),
  '.': msg('Decimal point'),
};

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    width: '100%',
    maxWidth: '320px',
  },
  display: {
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: `${ROW_BUTTON_RADIUS}px`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    textAlign: 'right',
    minHeight: '64px',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'flex-end',
  },
  pending: { color: tokens.colorNeutralForeground2, minHeight: '20px' },
  value: {
    fontSize: '32px',
    lineHeight: '40px',
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
  },
  keys: { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: tokens.spacingHorizontalS },
  key: {
    minWidth: 0,
    height: '48px',
    borderRadius: `${ROW_BUTTON_RADIUS}px`,
    fontSize: tokens.fontSizeBase400,
  },
  wide: { gridColumn: 'span 2' },
});

/** The four-function calculator of the tools menu (spec §2, §4). */
export function Calculator() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [state, press] = useReducer(pressKey, initialCalculatorState);
  const onKeyDown = (event: KeyboardEvent) => {
    const key = keyFromKeyboard(event.key);
    if (!key) return;
    event.preventDefault();
    press(key);
  };
  return (
    <div className={styles.root} onKeyDown={onKeyDown}>
      <div className={styles.display} aria-live="polite" data-testid="calculator-display">
        <Text className={styles.pending}>
          {state.operator !== null && state.previous !== null
            ? `${state.previous} ${state.operator}`
            : ''}
        </Text>
        <Text className={styles.value} weight="semibold">
          {state.current === ERROR_DISPLAY ? t('Error') : state.current}
        </Text>
      </div>
      <div className={styles.keys}>
        {LAYOUT.map((key) => {
          const label = KEY_LABELS[key];
          return (
            <Button
              key={key}
              className={mergeClasses(styles.key, key === '0' && styles.wide)}
              appearance={key === '=' ? 'primary' : /[0-9.]/.test(key) ? 'secondary' : 'outline'}
              aria-label={label ? t(label) : undefined}
              onClick={() => press(key)}
            >
              {key}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
