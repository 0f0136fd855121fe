import { describe, expect, it } from 'vitest';
import { RESOURCES, writeSchema } from '../../../src/shared/resources';
import {
  changedValues,
  formDefaults,
  hasMissingRequired,
  isMultiSelect,
} from '../../../src/renderer/src/resources/formLogic';

const students = RESOURCES.students!;
const record = {
  id: 7,
  last_name: 'Παππά',
  first_name: 'Ελένη',
  email: 'eleni@example.com',
  code: 'S0007',
  phone: null,
  birth_date: '2010-05-01',
  level_id: 2,
  tag_ids: [1, 3],
  guardian_ids: [],
  lesson_ids: [4],
  notes: null,
  active: true,
};

describe('form values', () => {
  it('start empty for a new record, active by default', () => {
    const values = formDefaults(students);
    expect(values).toMatchObject({
      last_name: '',
      email: '',
      level_id: null,
      tag_ids: [],
      active: true,
    });
  });

  it("fail the shared schema with the declaration's message when required fields are empty", () => {
    const values = formDefaults(students);
    const result = writeSchema(students, 'create').safeParse(values);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path[0]);
    expect(paths.sort()).toEqual(['first_name', 'last_name']);
    expect(result.error!.issues[0]!.message).toBe('This field is required');
    expect(hasMissingRequired(students, values, paths as string[])).toBe(true);
  });

  it('of a stored record pass the schema, empty optional texts becoming null', () => {
    const values = formDefaults(students, record);
    expect(values.phone).toBe('');
    const parsed = writeSchema(students, 'update').parse(values);
    expect(parsed).toMatchObject({ phone: null, level_id: 2, tag_ids: [1, 3], active: true });
  });

  it('of a copy leave out what must stay unique', () => {
    const copy = formDefaults(students, record, { copy: true });
    expect(copy.code).toBe('');
    expect(copy.email).toBe('');
    expect(copy.last_name).toBe('Παππά');
    expect(copy.lesson_ids).toEqual([4]);
  });

  it('can preset the parent of a part', () => {
    expect(formDefaults(RESOURCES.rooms!, undefined, { preset: { site_id: '5' } }).site_id).toBe(5);
  });

  it('of an update carry only the changed fields', () => {
    expect(changedValues({ a: 1, b: 2, c: 3 }, { b: true, c: false })).toEqual({ b: 2 });
  });

  it('a wrong email is not a missing field', () => {
    const values = { ...formDefaults(students, record), email: 'nope' };
    expect(hasMissingRequired(students, values, ['email'])).toBe(false);
  });

  it("treats the users' roles as a multiple choice", () => {
    const roles = RESOURCES.users!.fields.find((f) => f.name === 'roles')!;
    const language = RESOURCES.users!.fields.find((f) => f.name === 'language')!;
    expect(isMultiSelect(roles)).toBe(true);
    expect(isMultiSelect(language)).toBe(false);
    expect(formDefaults(RESOURCES.users!).roles).toEqual([]);
  });
});
