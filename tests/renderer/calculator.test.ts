import { describe, expect, it } from 'vitest';
import {
  type CalculatorKey,
  type CalculatorState,
  initialCalculatorState,
  keyFromKeyboard,
  pressKey,
} from '../../src/renderer/src/components/calculator/calculatorMachine';

const press = (keys: CalculatorKey[], from: CalculatorState = initialCalculatorState) =>
  keys.reduce(pressKey, from);
const display = (...keys: CalculatorKey[]) => press(keys).current;

describe('calculator state machine (spec §4)', () => {
  it('starts at 0 and appends digits', () => {
    expect(initialCalculatorState.current).toBe('0');
    expect(display('1', '2', '3')).toBe('123');
    expect(display('0', '0', '7')).toBe('7');
  });

  it('an operator stores the current value and resets it to 0', () => {
    const state = press(['1', '2', '+']);
    expect(state).toMatchObject({ current: '0', operator: '+', previous: 12 });
  });

  it('equals computes and clears the operator', () => {
    const state = press(['1', '2', '+', '3', '=']);
    expect(state).toMatchObject({ current: '15', operator: null, previous: null });
  });

  it('does all four operations', () => {
    expect(display('7', '-', '9', '=')).toBe('-2');
    expect(display('6', '×', '7', '=')).toBe('42');
    expect(display('1', '÷', '4', '=')).toBe('0.25');
    expect(display('9', '+', '1', '=')).toBe('10');
  });

  it('clear resets to 0 from any state', () => {
    expect(press(['5', '+', '3', 'C'])).toEqual(initialCalculatorState);
  });

  it('has a decimal point, once per number', () => {
    expect(display('1', '.', '5', '.', '2')).toBe('1.52');
    expect(display('.', '5')).toBe('0.5');
    expect(display('0', '.', '1', '+', '0', '.', '2', '=')).toBe('0.3');
  });

  it('toggles the sign and takes a percent', () => {
    expect(display('5', '±')).toBe('-5');
    expect(display('5', '±', '±')).toBe('5');
    expect(display('±')).toBe('0');
    expect(display('5', '0', '%')).toBe('0.5');
  });

  it('chains operations and lets the last operator pressed win', () => {
    expect(display('2', '+', '3', '×', '4', '=')).toBe('20');
    expect(display('8', '+', '-', '3', '=')).toBe('5');
  });

  it('starts a new number after equals', () => {
    expect(display('2', '+', '2', '=', '5')).toBe('5');
    expect(display('2', '+', '2', '=', '×', '3', '=')).toBe('12');
  });

  it('shows an error on division by zero until a new number or clear', () => {
    const errored = press(['4', '÷', '0', '=']);
    expect(errored.current).toBe('Error');
    expect(pressKey(errored, '+').current).toBe('Error');
    expect(pressKey(errored, '7').current).toBe('7');
    expect(pressKey(errored, 'C')).toEqual(initialCalculatorState);
  });

  it('maps the keyboard onto its keys', () => {
    expect(keyFromKeyboard('7')).toBe('7');
    expect(keyFromKeyboard('*')).toBe('×');
    expect(keyFromKeyboard('/')).toBe('÷');
    expect(keyFromKeyboard('Enter')).toBe('=');
    expect(keyFromKeyboard('Escape')).toBe('C');
    expect(keyFromKeyboard(',')).toBe('.');
    expect(keyFromKeyboard('a')).toBeNull();
  });
});
