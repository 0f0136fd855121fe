import { describe, expect, it } from 'vitest';
import { RESOURCES, defineResource, textField } from '../../src/shared/resources';
import { registerAreaResourceHooks } from '../../src/server/areas/resource-hooks';
import { assertScopesDeclared, registerResourceHooks } from '../../src/server/resources/hooks';

// Row scopes fail closed: a role listed in `readableBy` without a scope would read the whole
// school, so the server refuses to start instead.
describe('row scopes', () => {
  const notes = defineResource({
    name: 'test_notes',
    table: 'test_notes',
    title: 'Notes',
    singular: 'Note',
    permission: 'announcements',
    readableBy: ['teacher', 'student'],
    labelField: 'title',
    defaultSort: { field: 'title', order: 'asc' },
    fields: [textField('title', 'Title', { list: true })],
    form: [['title']],
  });

  it('refuses to start when a readable role has no scope', () => {
    expect(() => assertScopesDeclared([notes])).toThrow(
      /test_notes for teacher, test_notes for student/,
    );
    registerResourceHooks('test_notes', { scopes: { teacher: 'school' } });
    expect(() => assertScopesDeclared([notes])).toThrow(/test_notes for student/);
    registerResourceHooks('test_notes', { scopes: { teacher: 'school', student: 'school' } });
    expect(() => assertScopesDeclared([notes])).not.toThrow();
  });

  it('holds for every declared resource once the areas have registered their hooks', () => {
    registerAreaResourceHooks('Europe/Athens');
    expect(() =>
      assertScopesDeclared(Object.values(RESOURCES).filter((resource) => !resource.custom)),
    ).not.toThrow();
  });
});
