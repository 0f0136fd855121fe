import { Home24Regular } from '@fluentui/react-icons';
import { describe, expect, it } from 'vitest';
import { withEmbeddedPages } from '../../src/renderer/src/app/area/embeddedMenuItems';
import { visibleMenuItems } from '../../src/renderer/src/app/area/visibleMenuItems';

const home = { id: 'home', title: 'Home', icon: Home24Regular, path: 'home' };

describe('embedded pages in the drawer', () => {
  it('follow the role’s items, pointing at embed/{slug}', () => {
    const items = withEmbeddedPages([home], [{ title: 'School rules', slug: 'school-rules' }]);
    expect(items.map(({ id, title, path }) => ({ id, title, path }))).toEqual([
      { id: 'home', title: 'Home', path: 'home' },
      { id: 'embed-school-rules', title: 'School rules', path: 'embed/school-rules' },
    ]);
  });

  it('can be hidden per role by the drawer setting', () => {
    const items = withEmbeddedPages([home], [{ title: 'School rules', slug: 'school-rules' }]);
    const shown = visibleMenuItems(items, 'student', [], {
      student: { 'embed-school-rules': false },
    });
    expect(shown.map((i) => i.id)).toEqual(['home']);
    expect(
      visibleMenuItems(items, 'teacher', [], { student: { 'embed-school-rules': false } }).length,
    ).toBe(2);
  });
});
