import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/shared/constants';
import { RESOURCES, type ResourceDefinition } from '../../../src/shared/resources';
import { filterFields } from '../../../src/renderer/src/resources/filterLogic';
import { formDefaults, formRows } from '../../../src/renderer/src/resources/formLogic';
import { cardLineFields, listedFields } from '../../../src/renderer/src/resources/listLogic';

// What each screen of a role is built from: the declaration's `hiddenFrom`, the rule the
// server applies too, never a list of the renderer's own.

const students = RESOURCES.students!;
const teachers = RESOURCES.teachers!;
const names = (fields: { name: string }[]) => fields.map((f) => f.name);

/** Everything a role's screens of a resource would show, by where it shows. */
function screensOf(resource: ResourceDefinition, role: Role) {
  const columns = listedFields(resource, role);
  return {
    columns: names(columns),
    cards: names(cardLineFields(resource, columns)),
    sortChoices: names(columns.filter((f) => f.sortable)),
    filters: names(filterFields(resource, role, () => true)),
    form: formRows(resource, role).flat(),
    values: Object.keys(formDefaults(resource, undefined, { role })),
  };
}

describe('a parent viewing their child', () => {
  const screens = screensOf(students, 'client');

  it("shows none of the office's notes and tags, anywhere", () => {
    for (const [where, shown] of Object.entries(screens)) {
      expect(shown, where).not.toContain('notes');
      expect(shown, where).not.toContain('tag_ids');
    }
  });

  it('still shows what a parent may see', () => {
    expect(screens.form).toEqual(expect.arrayContaining(['last_name', 'level_id', 'lesson_ids']));
    expect(screens.columns).toContain('level_id');
  });
});

describe('a student viewing their teachers', () => {
  const screens = screensOf(teachers, 'student');

  it("shows no phone column, card line or input, nor the teacher's mobile and notes", () => {
    for (const [where, shown] of Object.entries(screens)) {
      expect(shown, where).not.toContain('phone');
      expect(shown, where).not.toContain('mobile');
      expect(shown, where).not.toContain('notes');
    }
    expect(screens.columns).toEqual(['last_name', 'first_name', 'email', 'subjects', 'active']);
  });
});

describe('the office', () => {
  it('sees every field the declaration has', () => {
    expect(screensOf(students, 'admin').form).toEqual(expect.arrayContaining(['notes', 'tag_ids']));
    expect(screensOf(teachers, 'admin').columns).toContain('phone');
  });
});

describe('a part dialog', () => {
  it('leaves out the parent reference the page implies, for every role', () => {
    const rooms = RESOURCES.rooms!;
    expect(formRows(rooms, 'admin').flat()).toContain('site_id');
    expect(formRows(rooms, 'admin', ['site_id']).flat()).not.toContain('site_id');
  });
});
