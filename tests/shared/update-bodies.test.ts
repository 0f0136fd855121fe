import { describe, expect, it } from 'vitest';
import { chapterUpdateBody } from '../../src/shared/api/chapters';
import { gradeCategoryUpdateBody, gradeItemUpdateBody } from '../../src/shared/api/grades';
import { quizUpdateBody } from '../../src/shared/api/quizzes';
import { taskBookUpdateBody } from '../../src/shared/api/taskbooks';
import { taskUpdateBody } from '../../src/shared/api/tasks';

// An update names only what changes: a field it leaves out must not come back as the create
// body's default (which once unpublished a chapter whose title alone was changed).
describe('update bodies keep what they are not told', () => {
  it.each([
    ['chapter', chapterUpdateBody, { title: 'Κλάσματα' }],
    ['task', taskUpdateBody, { title: 'Ασκήσεις' }],
    ['quiz', quizUpdateBody, { title: 'Τεστ' }],
    ['task book', taskBookUpdateBody, { title: 'Επανάληψη' }],
    ['grade category', gradeCategoryUpdateBody, { name: 'Διαγωνίσματα' }],
    ['grade item', gradeItemUpdateBody, { title: 'Προφορικά' }],
  ] as const)('a %s update with one field parses to that field alone', (_, schema, body) => {
    expect(schema.parse(body)).toEqual(body);
  });

  it('still validates the fields it is given', () => {
    expect(chapterUpdateBody.safeParse({ title: ' ' }).success).toBe(false);
    expect(taskUpdateBody.safeParse({ published: 'maybe' }).success).toBe(false);
    expect(chapterUpdateBody.parse({ published: 'true' })).toEqual({ published: true });
  });
});
