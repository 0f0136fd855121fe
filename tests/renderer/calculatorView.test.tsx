import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Calculator } from '../../src/renderer/src/components/calculator/Calculator';
import type { i18n } from 'i18next';
import { createI18n, loadLanguage } from '../../src/renderer/src/i18n';

async function i18nIn(language: 'en' | 'el'): Promise<i18n> {
  const instance = createI18n();
  await loadLanguage(instance, language);
  return instance;
}

async function render(language: 'en' | 'el') {
  return renderToString(
    <I18nextProvider i18n={await i18nIn(language)}>
      <FluentProvider theme={webLightTheme}>
        <Calculator />
      </FluentProvider>
    </I18nextProvider>,
  );
}

describe('Calculator view', () => {
  it('offers every key of spec §2 and shows 0', async () => {
    const html = await render('en');
    const buttons = html.match(/<button/g) ?? [];
    expect(buttons).toHaveLength(19);
    for (const key of [
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '.',
      '+',
      '-',
      '×',
      '÷',
      '=',
      'C',
      '±',
      '%',
    ]) {
      expect(html).toContain(`>${key}</button>`);
    }
    expect(html).toMatch(/data-testid="calculator-display"[\s\S]*>0<\/span>/);
  });

  it('names the operator keys for screen readers, in Greek too', async () => {
    expect(await render('en')).toContain('aria-label="Divide"');
    expect(await render('el')).toContain('aria-label="Διαίρεση"');
  });
});
