import { describe, expect, it } from 'vitest';
import { mayOpenConversation, reachableRoles } from '../../src/shared/chat/policy';
import { sanitizeChatText } from '../../src/shared/chat/text';
import { ROLES, type Role } from '../../src/shared/constants';

// Every pair of roles, with and without a shared lesson, with the school's student setting off
// and on: the expected answer is written out for each, not derived from the rule.
type Row = [
  from: Role,
  to: Role,
  lessonOff: boolean,
  noLessonOff: boolean,
  lessonOn: boolean,
  noLessonOn: boolean,
];
const EXPECTED: Row[] = [
  ['admin', 'admin', true, true, true, true],
  ['admin', 'teacher', true, true, true, true],
  ['admin', 'student', false, false, false, false],
  ['admin', 'client', false, false, false, false],
  ['teacher', 'admin', true, true, true, true],
  ['teacher', 'teacher', true, true, true, true],
  ['teacher', 'student', true, false, true, false],
  ['teacher', 'client', true, false, true, false],
  ['student', 'admin', false, false, false, false],
  ['student', 'teacher', true, false, true, false],
  ['student', 'student', false, false, true, false],
  ['student', 'client', false, false, false, false],
  ['client', 'admin', false, false, false, false],
  ['client', 'teacher', true, false, true, false],
  ['client', 'student', false, false, false, false],
  ['client', 'client', false, false, false, false],
];

describe('who may open a conversation with whom', () => {
  it('covers every pair of roles', () => {
    const pairs = new Set(EXPECTED.map(([from, to]) => `${from}>${to}`));
    expect(pairs.size).toBe(ROLES.length * ROLES.length);
  });

  it.each(EXPECTED)('%s → %s', (from, to, lessonOff, noLessonOff, lessonOn, noLessonOn) => {
    const ask = (sharesLesson: boolean, studentsMayMessage: boolean) =>
      mayOpenConversation({ from, to, sharesLesson, studentsMayMessage });
    expect([ask(true, false), ask(false, false), ask(true, true), ask(false, true)]).toEqual([
      lessonOff,
      noLessonOff,
      lessonOn,
      noLessonOn,
    ]);
  });

  it('is symmetric: whoever may begin, the other may too', () => {
    for (const from of ROLES)
      for (const to of ROLES)
        for (const sharesLesson of [true, false])
          for (const studentsMayMessage of [true, false])
            expect(mayOpenConversation({ from, to, sharesLesson, studentsMayMessage })).toBe(
              mayOpenConversation({ from: to, to: from, sharesLesson, studentsMayMessage }),
            );
  });

  it('narrows the contact search to the roles that could ever be reached', () => {
    expect(reachableRoles('client', ROLES, true)).toEqual(['teacher']);
    expect(reachableRoles('student', ROLES, false)).toEqual(['teacher']);
    expect(reachableRoles('student', ROLES, true)).toEqual(['teacher', 'student']);
    expect(reachableRoles('admin', ROLES, true)).toEqual(['admin', 'teacher']);
  });
});

describe('chat text', () => {
  it('keeps plain text and comparisons, drops tags, controls and direction overrides', () => {
    expect(sanitizeChatText('  x < 3 and y > 2  ')).toBe('x < 3 and y > 2');
    expect(sanitizeChatText('<img src=x onerror=alert(1)>hi <b>there</b>')).toBe('hi there');
    expect(sanitizeChatText('a\u0000b\u202ec\r\nd')).toBe('abc\nd');
    expect(sanitizeChatText('one\n\n\n\n\ntwo')).toBe('one\n\ntwo');
  });
});
