import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/shared/resources';
import {
  activeFilterCount,
  canPickFrom,
  filterFields,
  filtersFromSearch,
  filtersToQuery,
  searchWithFilters,
} from '../../../src/renderer/src/resources/filterLogic';
import {
  ruleWrite,
  rulesByResource,
  switchGrant,
} from '../../../src/renderer/src/features/permissions/permissionRules';
import { slotsByWeekday, toSlots } from '../../../src/renderer/src/features/lessons/timetableLogic';

const students = RESOURCES.students!;
const users = RESOURCES.users!;
const names = (fields: { name: string }[]) => fields.map((f) => f.name);

describe('list filters', () => {
  it('give a control to each filterable field whose records the role may pick from', () => {
    const admin = (target: string) => canPickFrom(target, 'admin', undefined);
    expect(names(filterFields(students, 'admin', admin))).toEqual([
      'level_id',
      'tag_ids',
      'guardian_ids',
      'lesson_ids',
      'active',
    ]);
    // A teacher may pick among their lessons, not among levels, tags or parents.
    const teacher = (target: string) => canPickFrom(target, 'teacher', undefined);
    expect(names(filterFields(students, 'teacher', teacher))).toEqual(['lesson_ids', 'active']);
    // An admin whose groups withhold levels gets no level filter.
    const office = [{ resource: 'levels', read: false, write: false }];
    expect(canPickFrom('levels', 'admin', office)).toBe(false);
    // A fixed filter (the lesson of a timetable) gets no control.
    expect(names(filterFields(RESOURCES.rooms!, 'admin', admin, ['site_id']))).toEqual([]);
  });

  it('travel through the address in the API syntax, keeping only acceptable values', () => {
    const fields = filterFields(students, 'admin', () => true);
    const params = new URLSearchParams('level_id=3,x,4,3&active=maybe&tag_ids=&search=abc');
    const values = filtersFromSearch(students, fields, params);
    expect(values).toEqual({ level_id: ['3', '4'] });
    expect(filtersToQuery({ ...values, active: ['true'], tag_ids: [] })).toEqual({
      level_id: '3,4',
      active: 'true',
    });
    const next = searchWithFilters(params, fields, { guardian_ids: ['7'] });
    expect(next.toString()).toBe('search=abc&guardian_ids=7');
    expect(activeFilterCount({ level_id: ['3'], tag_ids: [] })).toBe(1);
  });

  it('take several roles on the users list, dropping unknown ones', () => {
    const fields = filterFields(users, 'admin', () => true);
    expect(names(fields)).toEqual(['roles']);
    expect(
      filtersFromSearch(users, fields, new URLSearchParams('roles=teacher,student,nobody')),
    ).toEqual({ roles: ['teacher', 'student'] });
  });
});

describe('the permission grid', () => {
  it('keeps write within read', () => {
    expect(switchGrant({ read: false, write: false }, 'write', true)).toEqual({
      read: true,
      write: true,
    });
    expect(switchGrant({ read: true, write: true }, 'read', false)).toEqual({
      read: false,
      write: false,
    });
    expect(switchGrant({ read: true, write: true }, 'write', false)).toEqual({
      read: true,
      write: false,
    });
    expect(switchGrant({ read: false, write: false }, 'read', true)).toEqual({
      read: true,
      write: false,
    });
  });

  it('creates, updates or deletes the rule row', () => {
    const stored = { id: 9, read: true, write: false };
    expect(ruleWrite(2, 'funds', undefined, { read: true, write: true })).toEqual({
      kind: 'create',
      body: { group_id: 2, resource: 'funds', can_read: true, can_write: true },
    });
    expect(ruleWrite(2, 'funds', stored, { read: true, write: true })).toEqual({
      kind: 'update',
      id: 9,
      body: { can_read: true, can_write: true },
    });
    expect(ruleWrite(2, 'funds', stored, { read: false, write: false })).toEqual({
      kind: 'delete',
      id: 9,
    });
    expect(ruleWrite(2, 'funds', undefined, { read: false, write: false })).toEqual({
      kind: 'none',
    });
    expect(ruleWrite(2, 'funds', stored, { read: true, write: false })).toEqual({ kind: 'none' });
    expect(
      rulesByResource([{ id: 4, resource: 'students', can_read: 1, can_write: 0 }]).get('students'),
    ).toEqual({ id: 4, read: true, write: false });
  });
});

describe('the timetable', () => {
  it('puts slots under their weekday, earliest first', () => {
    const slots = toSlots([
      { id: 1, weekday: 3, start_time: '18:00', end_time: '19:30', room_label: 'A4' },
      { id: 2, weekday: 1, start_time: '19:30', end_time: '21:00', room_label: null },
      { id: 3, weekday: 3, start_time: '09:00', end_time: '10:00' },
      { id: 4, weekday: 9, start_time: '09:00', end_time: '10:00' },
    ]);
    expect(slots).toHaveLength(3);
    const days = slotsByWeekday(slots);
    expect([...days.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days.get(3)!.map((s) => s.id)).toEqual([3, 1]);
    expect(days.get(1)!.map((s) => s.room_label)).toEqual([null]);
    expect(days.get(2)).toEqual([]);
  });
});
