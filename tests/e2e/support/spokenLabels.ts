import type { Page } from 'playwright-core';
import { greek } from '../../../src/renderer/src/i18n/el';

/**
 * English names that Fluent UI v9 gives its parts when the app passes none (read from its
 * sources: combobox and dropdown arrows, their clear buttons, the search box, message bars,
 * spin buttons, info buttons, table resizing, overflow). On a Greek screen each of these means
 * an untranslated label reached a screen reader.
 */
const LIBRARY_DEFAULTS = [
  'Open',
  'Clear selection',
  'clear',
  'dismiss',
  'close',
  'information',
  'Increment value',
  'Decrement value',
  'Resize column',
  'Overflow',
];

// The app's own English texts whose Greek differs: one of these in a Greek label was not passed
// through t().
const untranslatedAppTexts = Object.entries(greek)
  .filter(([english, translated]) => english !== translated && /[a-z]{3}/i.test(english))
  .map(([english]) => english);

export interface EnglishLabel {
  attribute: string;
  value: string;
  element: string;
}

/**
 * The labels a screen reader reads (aria-label, title, placeholder, alt, aria-roledescription,
 * aria-valuetext) that are still English on a screen meant to be Greek.
 */
export function englishLabels(page: Page): Promise<EnglishLabel[]> {
  return page.evaluate(
    ({ defaults, appTexts }) => {
      const library = new Set(defaults);
      const app = new Set(appTexts);
      const attributes = [
        'aria-label',
        'title',
        'placeholder',
        'alt',
        'aria-roledescription',
        'aria-valuetext',
      ];
      const found: { attribute: string; value: string; element: string }[] = [];
      for (const element of document.querySelectorAll('*')) {
        for (const attribute of attributes) {
          const value = element.getAttribute(attribute)?.trim();
          if (!value) continue;
          // A cell's tooltip repeating its text is data (a user named "admin"), not a label.
          if (attribute === 'title' && element.textContent?.trim() === value) continue;
          // Fluent also builds "Open <the combobox's label>".
          if (library.has(value) || /^Open /.test(value) || app.has(value))
            found.push({
              attribute,
              value,
              element: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`,
            });
        }
      }
      return found;
    },
    { defaults: LIBRARY_DEFAULTS, appTexts: untranslatedAppTexts },
  );
}
