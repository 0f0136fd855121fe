import { describe, expect, it } from 'vitest';
import type { Duty } from '../../src/shared/api/calendar';
import { addDays, groupDuties } from '../../src/renderer/src/features/duties/dutyGroups';
import {
  moveStep,
  percentDone,
  stepsToAdd,
} from '../../src/renderer/src/features/taskbooks/stepOrder';

const duty = (date: string, done: boolean, id: number, lesson = 1): Duty => ({
  date,
  kind: id % 2 ? 'task' : 'chapter',
  id,
  title: `Βήμα ${id}`,
  lesson_id: lesson,
  lesson_name: 'Μαθηματικά',
  due_at: null,
  done,
});

describe('study guide groups', () => {
  const today = '2026-03-10';
  const duties = [
    duty('2026-03-02', false, 1),
    duty('2026-03-03', true, 2),
    duty('2026-03-10', false, 3),
    duty('2026-03-11', true, 4, 2),
    duty('2026-03-14', false, 5),
    duty('2026-03-16', false, 6),
    duty('2026-03-17', false, 7),
  ];

  it('puts each duty in one group, in working order, past ones by whether they are done', () => {
    const groups = groupDuties(duties, today);
    expect(groups.map((g) => [g.id, g.duties.map((d) => d.id)])).toEqual([
      ['overdue', [1]],
      ['today', [3]],
      ['tomorrow', [4]],
      ['week', [5, 6]],
      ['later', [7]],
      ['earlier', [2]],
    ]);
  });

  it('hides what is done and keeps one lesson when asked, leaving out empty groups', () => {
    expect(groupDuties(duties, today, { hideDone: true }).map((g) => g.id)).toEqual([
      'overdue',
      'today',
      'week',
      'later',
    ]);
    expect(groupDuties(duties, today, { lessonId: 2 })).toEqual([
      { id: 'tomorrow', duties: [duties[3]] },
    ]);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -30)).toBe('2026-01-30');
  });
});

describe('task book steps', () => {
  const steps = ['a', 'b', 'c'];

  it('moves a step up or down one place and refuses to move past the ends', () => {
    expect(moveStep(steps, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveStep(steps, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveStep(steps, 0, -1)).toBe(steps);
    expect(moveStep(steps, 2, 1)).toBe(steps);
  });

  it('offers only the steps not in the book yet; a task and a chapter may share an id', () => {
    const lesson = [
      { kind: 'chapter' as const, id: 7, title: 'Κεφάλαιο' },
      { kind: 'task' as const, id: 7, title: 'Εργασία' },
      { kind: 'task' as const, id: 8, title: 'Άλλη' },
    ];
    expect(stepsToAdd(lesson, [lesson[1]!]).map((s) => s.title)).toEqual(['Κεφάλαιο', 'Άλλη']);
  });

  it('rounds the percentage and says 0 for an empty book', () => {
    expect(percentDone(2, 3)).toBe(67);
    expect(percentDone(0, 0)).toBe(0);
  });
});
