import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/shared/resources';
import {
  cardLineFields,
  cellText,
  formatMoney,
  listedFields,
  nextPageNumber,
  nextSort,
  recordTitle,
  windowRange,
} from '../../../src/renderer/src/resources/listLogic';

const students = RESOURCES.students!;
const format = {
  yes: 'Yes',
  no: 'No',
  date: (iso: string) => `date:${iso}`,
  choice: (value: string) => value.toUpperCase(),
  weekday: (day: number) => `day${day}`,
};
const field = (resource: string, name: string) =>
  RESOURCES[resource]!.fields.find((f) => f.name === name)!;

describe('sorting', () => {
  it('flips the direction of the same column and starts another ascending', () => {
    expect(nextSort({ field: 'last_name', order: 'asc' }, 'last_name')).toEqual({
      field: 'last_name',
      order: 'desc',
    });
    expect(nextSort({ field: 'last_name', order: 'desc' }, 'last_name')).toEqual({
      field: 'last_name',
      order: 'asc',
    });
    expect(nextSort({ field: 'last_name', order: 'desc' }, 'code')).toEqual({
      field: 'code',
      order: 'asc',
    });
  });
});

describe('cells', () => {
  it('shows the columns the declaration lists, in its order', () => {
    expect(listedFields(students, 'admin').map((f) => f.name)).toEqual([
      'last_name',
      'first_name',
      'email',
      'code',
      'phone',
      'level_id',
      'active',
    ]);
  });

  it('shows a reference by its label, flags as yes/no, options translated, weekdays by name', () => {
    expect(
      cellText(field('students', 'level_id'), { level_id: 3, level_label: 'B1' }, format),
    ).toBe('B1');
    expect(cellText(field('students', 'level_id'), { level_id: null }, format)).toBe('');
    expect(cellText(field('students', 'active'), { active: false }, format)).toBe('No');
    expect(cellText(field('students', 'birth_date'), { birth_date: '2010-05-01' }, format)).toBe(
      'date:2010-05-01',
    );
    expect(cellText(field('users', 'roles'), { roles: ['admin', 'teacher'] }, format)).toBe(
      'ADMIN, TEACHER',
    );
    expect(cellText(field('announcements', 'audience'), { audience: 'all' }, format)).toBe('ALL');
    expect(cellText(field('lesson_schedules', 'weekday'), { weekday: 2 }, format)).toBe('day2');
  });

  it('writes money with two decimals, a decimal comma and the euro sign (spec §9)', () => {
    expect(formatMoney(123456)).toBe('1.234,56 €');
    expect(formatMoney(5)).toBe('0,05 €');
    expect(formatMoney(-250)).toBe('-2,50 €');
  });

  it('names people by last and first name, other records by their label field', () => {
    expect(recordTitle(students, { last_name: 'Παππά', first_name: 'Ελένη' })).toBe('Παππά Ελένη');
    expect(recordTitle(RESOURCES.levels!, { name: 'A1' })).toBe('A1');
  });

  it('puts on a card what its title does not already say, at most four lines', () => {
    expect(cardLineFields(students, listedFields(students, 'admin')).map((f) => f.name)).toEqual([
      'email',
      'code',
      'phone',
      'level_id',
    ]);
    const rooms = RESOURCES.rooms!;
    expect(cardLineFields(rooms, listedFields(rooms, 'admin')).map((f) => f.name)).toEqual([
      'site_id',
      'capacity',
    ]);
  });
});

describe('windowing', () => {
  it('renders the rows in view and a margin around them', () => {
    expect(
      windowRange({ count: 300, rowHeight: 40, scrolledPast: 0, viewportHeight: 800, overscan: 5 }),
    ).toEqual({
      start: 0,
      end: 26,
      before: 0,
      after: 274 * 40,
    });
    const middle = windowRange({
      count: 300,
      rowHeight: 40,
      scrolledPast: 4000,
      viewportHeight: 800,
      overscan: 5,
    });
    expect(middle.start).toBe(95);
    expect(middle.end).toBe(126);
    expect(middle.before + (middle.end - middle.start) * 40 + middle.after).toBe(300 * 40);
  });

  it('while the list starts below the visible top renders only what fits', () => {
    const below = windowRange({
      count: 300,
      rowHeight: 40,
      scrolledPast: -400,
      viewportHeight: 800,
      overscan: 0,
    });
    expect(below.start).toBe(0);
    expect(below.end).toBe(11);
  });

  it('handles an empty list and a list shorter than the screen', () => {
    expect(windowRange({ count: 0, rowHeight: 40, scrolledPast: 0, viewportHeight: 800 })).toEqual({
      start: 0,
      end: 0,
      before: 0,
      after: 0,
    });
    expect(windowRange({ count: 3, rowHeight: 40, scrolledPast: 0, viewportHeight: 800 }).end).toBe(
      3,
    );
  });
});

describe('infinite paging (spec §7)', () => {
  const rows = (n: number) => Array.from({ length: n }, (_v, i) => i);
  it('asks for the next page while the last one was full and more exist', () => {
    expect(nextPageNumber([{ rows: rows(20), page: 1 }], 20, 300)).toBe(2);
    expect(
      nextPageNumber(
        [
          { rows: rows(20), page: 1 },
          { rows: rows(5), page: 2 },
        ],
        20,
        25,
      ),
    ).toBeUndefined();
    expect(nextPageNumber([{ rows: rows(20), page: 1 }], 20, 20)).toBeUndefined();
    expect(nextPageNumber([{ rows: [], page: 1 }], 20, undefined)).toBeUndefined();
    expect(nextPageNumber([{ rows: rows(20), page: 1 }], 20, undefined)).toBe(2);
  });
});
