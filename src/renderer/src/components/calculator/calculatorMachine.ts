export type Operator = '+' | '-' | '×' | '÷';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
export type CalculatorKey = Digit | '.' | Operator | '=' | 'C' | '±' | '%';

const isDigit = (key: CalculatorKey): key is Digit => key >= '0' && key <= '9' && key.length === 1;

/** Spec §4: the current value, the pending operator and the previous value. */
export interface CalculatorState {
  current: string;
  operator: Operator | null;
  previous: number | null;
  /** True right after an operator or equals: the next digit starts a new number. */
  fresh: boolean;
}

export const ERROR_DISPLAY = 'Error';
const MAX_DIGITS = 15;

export const initialCalculatorState: CalculatorState = {
  current: '0',
  operator: null,
  previous: null,
  fresh: false,
};

function apply(left: number, right: number, operator: Operator): number {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '×':
      return left * right;
    case '÷':
      return right === 0 ? Number.NaN : left / right;
  }
}

/** Rounds away binary noise (0.1 + 0.2 shows 0.3) and keeps the display short. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return ERROR_DISPLAY;
  const rounded = Number.parseFloat(value.toPrecision(12));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** The calculator's state machine: one key in, the next state out. */
export function pressKey(state: CalculatorState, key: CalculatorKey): CalculatorState {
  if (key === 'C') return initialCalculatorState;
  // After an error only a new number or clear makes sense.
  if (state.current === ERROR_DISPLAY && !isDigit(key) && key !== '.') return state;
  const errored = state.current === ERROR_DISPLAY;

  if (isDigit(key)) {
    if (state.fresh || errored || state.current === '0')
      return { ...state, current: key, fresh: false };
    if (state.current.replace(/[-.]/g, '').length >= MAX_DIGITS) return state;
    return { ...state, current: state.current + key };
  }
  if (key === '.') {
    if (state.fresh || errored) return { ...state, current: '0.', fresh: false };
    return state.current.includes('.') ? state : { ...state, current: `${state.current}.` };
  }
  if (key === '±') {
    if (state.current === '0') return state;
    const current = state.current.startsWith('-') ? state.current.slice(1) : `-${state.current}`;
    return { ...state, current, fresh: false };
  }
  if (key === '%')
    return { ...state, current: formatNumber(Number(state.current) / 100), fresh: false };
  if (key === '=') {
    if (state.operator === null || state.previous === null) return { ...state, fresh: true };
    const result = formatNumber(apply(state.previous, Number(state.current), state.operator));
    return { current: result, operator: null, previous: null, fresh: true };
  }
  // An operator: keep the value entered so far (folding in a pending operation) and start again at 0.
  if (state.operator !== null && state.previous !== null && state.fresh)
    return { ...state, operator: key };
  const value =
    state.operator !== null && state.previous !== null
      ? apply(state.previous, Number(state.current), state.operator)
      : Number(state.current);
  if (!Number.isFinite(value))
    return { current: ERROR_DISPLAY, operator: null, previous: null, fresh: true };
  return { current: '0', operator: key, previous: Number(formatNumber(value)), fresh: true };
}

/** The keyboard key that presses a calculator key, if any. */
export function keyFromKeyboard(key: string): CalculatorKey | null {
  const map: Record<string, CalculatorKey> = {
    '*': '×',
    x: '×',
    '/': '÷',
    Enter: '=',
    '=': '=',
    Escape: 'C',
    Delete: 'C',
    c: 'C',
    C: 'C',
    ',': '.',
  };
  if (/^[0-9.+\-%]$/.test(key)) return key as CalculatorKey;
  return map[key] ?? null;
}
