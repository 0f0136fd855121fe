import { Globe24Regular } from '@fluentui/react-icons';
import type { MenuItem } from './areaTypes';

/**
 * The school's embedded pages (settings: embed_pages) as drawer items after the role's own, so
 * that people can reach them. Their ids (`embed-<slug>`) let the drawer setting hide them per role.
 */
export function withEmbeddedPages(
  menu: readonly MenuItem[],
  embedPages: readonly { title: string; slug: string }[],
): MenuItem[] {
  return [
    ...menu,
    ...embedPages.map((page) => ({
      id: `embed-${page.slug}`,
      title: page.title,
      icon: Globe24Regular,
      path: `embed/${page.slug}`,
    })),
  ];
}
