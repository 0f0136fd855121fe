import { describe, expect, it } from 'vitest';
import type { SchoolEntry } from '../../src/shared/api';
import { formatBadgeCount } from '../../src/renderer/src/components/CountBadge';
import { drawerModeFor, topBarLayoutFor } from '../../src/renderer/src/app/shell/useViewportWidth';
import { visibleMenuItems } from '../../src/renderer/src/app/area/visibleMenuItems';
import { notificationRoute } from '../../src/renderer/src/features/inbox/notificationRoute';
import { groupEntriesByRole } from '../../src/renderer/src/features/dashboard/groupEntries';
import { areaEntry } from '../../src/renderer/src/app/area/areaEntry';
import { adminMenu } from '../../src/renderer/src/features/admin/adminMenu';

describe('badges', () => {
  it('show nothing for none, the count below the cap, +9 at 9 and over', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(undefined)).toBeNull();
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(8)).toBe('8');
    expect(formatBadgeCount(9)).toBe('+9');
    expect(formatBadgeCount(250)).toBe('+9');
  });
});

describe('layout by width (spec §9)', () => {
  it('places the drawer', () => {
    expect(drawerModeFor(360)).toBe('hidden');
    expect(drawerModeFor(767)).toBe('hidden');
    expect(drawerModeFor(768)).toBe('rail');
    expect(drawerModeFor(992)).toBe('rail');
    expect(drawerModeFor(993)).toBe('toggle');
    expect(drawerModeFor(1199)).toBe('toggle');
    expect(drawerModeFor(1200)).toBe('permanent');
    expect(drawerModeFor(2560)).toBe('permanent');
  });

  it('switches the top bar at 768 and the tools menu at 400', () => {
    expect(topBarLayoutFor(375)).toEqual({
      menuButton: true,
      messagesButton: false,
      toolsMenu: false,
    });
    expect(topBarLayoutFor(401)).toEqual({
      menuButton: true,
      messagesButton: false,
      toolsMenu: true,
    });
    expect(topBarLayoutFor(768)).toEqual({
      menuButton: false,
      messagesButton: false,
      toolsMenu: true,
    });
    expect(topBarLayoutFor(769)).toEqual({
      menuButton: false,
      messagesButton: true,
      toolsMenu: true,
    });
  });
});

describe('drawer items', () => {
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  it('shows every admin item by default', () => {
    expect(ids(visibleMenuItems(adminMenu, 'admin', [], {}))).toHaveLength(23);
  });

  it('hides items whose resource is not readable', () => {
    const permissions = [
      { resource: 'transactions', read: false, write: false },
      { resource: 'students', read: true, write: false },
    ];
    const visible = ids(visibleMenuItems(adminMenu, 'admin', permissions, {}));
    expect(visible).not.toContain('transactions');
    // The receipts and invoices are read under the same permission (invoices/policy.ts).
    expect(visible).not.toContain('invoices');
    expect(visible).toContain('students');
  });

  it("follows the school's drawer setting, but never shows an unreadable resource", () => {
    const permissions = [{ resource: 'funds', read: false, write: false }];
    const overrides = { admin: { tags: false, funds: true }, teacher: { home: false } };
    const visible = ids(visibleMenuItems(adminMenu, 'admin', permissions, overrides));
    expect(visible).not.toContain('tags');
    expect(visible).not.toContain('funds');
    expect(visible).toContain('home');
  });
});

describe('notification targets', () => {
  it('open by entity, per role', () => {
    expect(notificationRoute('student', 'task', 4)).toBe('task/4');
    expect(notificationRoute('teacher', 'task', 4)).toBe('tasks/4');
    expect(notificationRoute('student', 'event', 9)).toBe('session/9');
    expect(notificationRoute('student', 'announcements', 2)).toBe('announcement/2');
    expect(notificationRoute('teacher', 'taskbook', 3)).toBe('taskbooks/3');
    expect(notificationRoute('student', 'quiz', 1)).toBe('quizs');
    expect(notificationRoute('student', 'quiz', 1, 7)).toBe('lesson/7/quiz/1');
    expect(notificationRoute('teacher', 'quiz', 1, 7)).toBe('quizanswers/1');
    expect(notificationRoute('admin', 'announcements', 2)).toBe('announcements/2');
    expect(notificationRoute('admin', 'task', 1)).toBeNull();
    // A parent has no teaching screens: lesson material leads to the children's list.
    expect(notificationRoute('client', 'task', 1)).toBe('students');
    expect(notificationRoute('client', 'absence', 5)).toBe('student/5');
    expect(notificationRoute('teacher', null, null)).toBeNull();
  });
});

const entry = (role: SchoolEntry['role'], school_id: number, name: string): SchoolEntry => ({
  id: school_id * 10 + role.length,
  school_id,
  role,
  name,
  logo: null,
  first_name: 'Ada',
  last_name: 'Lovelace',
});

describe('dashboard entries', () => {
  it('make one tab per role held, in spec order', () => {
    const groups = groupEntriesByRole([
      entry('admin', 1, 'Athens'),
      entry('teacher', 2, 'Thessaloniki'),
      entry('teacher', 3, 'Patras'),
    ]);
    expect(groups.map((group) => group.role)).toEqual(['teacher', 'admin']);
    expect(groups[0]!.entries.map((e) => e.name)).toEqual(['Patras', 'Thessaloniki']);
    expect(groupEntriesByRole([])).toEqual([]);
  });

  it('open an impersonated member area with the school of the admin entry', () => {
    const entries = [entry('admin', 1, 'Athens')];
    const impersonation = {
      userId: 7,
      name: 'Nikos Papadakis',
      schoolId: 1,
      role: 'teacher' as const,
    };
    expect(areaEntry(entries, 'teacher', 1, impersonation)).toMatchObject({
      school_id: 1,
      role: 'teacher',
      name: 'Athens',
      first_name: 'Nikos',
      last_name: 'Papadakis',
    });
    expect(areaEntry(entries, 'teacher', 1, null)).toBeUndefined();
    expect(areaEntry(entries, 'admin', 1, null)?.role).toBe('admin');
  });
});
