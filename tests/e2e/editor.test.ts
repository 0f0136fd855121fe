import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const page = await openPage(browser);
  await signIn(page, server.url, DEMO_LOGINS.teacher);
  await closePage(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

/** The editor's try-out page (features/manual/EditorDemoPage), signed in as the teacher. */
async function editorPage(width = 1280): Promise<Page> {
  const page = await openPage(browser, width);
  await page.goto(`${server.url}/manual/editor`);
  await page.getByTestId('demo-editor').getByTestId('editor-content').waitFor();
  return page;
}

const editorOf = (page: Page) => page.getByTestId('demo-editor');
const contentOf = (page: Page) => editorOf(page).getByTestId('editor-content');
const tool = (page: Page, id: string) => page.getByTestId(`editor-tool-${id}`);

/** Puts the caret at the end of the document, on a new paragraph. */
async function newParagraph(page: Page) {
  await contentOf(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
}

/** How many lists hold the list item with this text (1 for an item of a top-level list). */
function listLevel(content: Locator, text: string): Promise<number> {
  return content.evaluate((root, wanted) => {
    const items = [...root.querySelectorAll('li')].filter(
      (item) => item.textContent === wanted && item.querySelector('li') === null,
    );
    let level = 0;
    for (
      let node: Element | null = items[0] ?? null;
      node && node !== root;
      node = node.parentElement
    )
      if (node.tagName === 'UL' || node.tagName === 'OL') level++;
    return level;
  }, text);
}

describe('the rich-text editor', () => {
  it('types text, sizes and colours it, and shows it to readers', async () => {
    const page = await editorPage();
    await contentOf(page).click();
    await page.keyboard.type('Hello editor');
    await expect
      .poll(() => page.getByTestId('demo-reader').textContent())
      .toContain('Hello editor');

    // Font size: e, E, + and - are refused; 24 is applied to the selected words.
    await contentOf(page).click();
    await page.keyboard.press('Control+A');
    const size = page.getByTestId('editor-font-size');
    await size.fill('');
    await size.press('e');
    await size.press('E');
    await size.press('+');
    await size.press('-');
    expect(await size.inputValue()).toBe('');
    await size.pressSequentially('24');
    await size.press('Enter');
    await expect
      .poll(() => contentOf(page).locator('span[style*="font-size: 24px"]').count())
      .toBeGreaterThan(0);

    // Colour: only #RRGGBB.
    const colour = page.getByTestId('editor-colour');
    await colour.fill('red');
    await colour.press('Enter');
    expect(await page.getByTestId('editor-colour-refused').textContent()).toContain('#AA0000');
    expect(await contentOf(page).locator('span[style*="color"]').count()).toBe(0);
    await colour.fill('#aa0000');
    await page.getByTestId('editor-colour-apply').click();
    // The browser writes the colour back as rgb(); the stored style keeps #RRGGBB.
    await expect
      .poll(() => contentOf(page).locator('span[style*="color: rgb(170, 0, 0)"]').count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('demo-json').textContent())
      .toContain('color: #aa0000');
    expect(await page.getByTestId('editor-colour-refused').textContent()).toBe('');
    await page.close();
  });

  it('inserts an equation rendered by KaTeX and edits it in place', async () => {
    const page = await editorPage();
    await contentOf(page).click();
    await page.keyboard.type('Area: ');
    await tool(page, 'equation').click();
    await page.getByTestId('equation-source').fill('x^2+1');
    await page.getByTestId('equation-insert').click();
    const katex = contentOf(page).locator('.katex');
    await katex.first().waitFor();
    expect(await katex.locator('annotation[encoding="application/x-tex"]').textContent()).toBe(
      'x^2+1',
    );
    expect(await katex.locator('.katex-html .mord').count()).toBeGreaterThan(2);

    // Clicking the rendering opens its source; Enter keeps the change.
    await contentOf(page).locator('.editor-equation-button').click();
    const source = contentOf(page).getByTestId('equation-input');
    expect(await source.inputValue()).toBe('x^2+1');
    await source.fill('\\frac{1}{2}');
    await source.press('Enter');
    await expect.poll(() => katex.locator('annotation').textContent()).toBe('\\frac{1}{2}');
    await expect.poll(() => page.getByTestId('demo-json').textContent()).toContain('frac{1}{2}');
    // The reader sees KaTeX output too, and cannot open the source.
    await page.getByTestId('demo-reader').locator('.katex').waitFor();
    expect(await page.getByTestId('demo-reader').locator('[role="button"]').count()).toBe(0);
    await page.close();
  });

  it('inserts a table only with numeric rows and columns', async () => {
    const page = await editorPage();
    await contentOf(page).click();
    await tool(page, 'table').click();
    await page.getByTestId('table-rows').fill('two');
    await page.getByTestId('table-columns').fill('3');
    await page.getByTestId('table-insert').click();
    await page.getByText('Enter whole numbers of rows and columns').waitFor();
    expect(await contentOf(page).locator('table').count()).toBe(0);

    await page.getByTestId('table-rows').fill('2');
    await page.getByTestId('table-insert').click();
    const table = contentOf(page).locator('table');
    await table.waitFor();
    expect(await table.locator('tr').count()).toBe(2);
    expect(await table.locator('tr').first().locator('td, th').count()).toBe(3);
    expect(await table.locator('tr').nth(1).locator('td, th').count()).toBe(3);
    await page.close();
  });

  it('stops list indent at seven levels', async () => {
    const page = await editorPage();
    await contentOf(page).click();
    await tool(page, 'bullets').click();
    await page.keyboard.type('deep');
    for (let press = 0; press < 10; press++) await tool(page, 'indent').click();
    await expect.poll(() => listLevel(contentOf(page), 'deep')).toBe(7);
    await tool(page, 'outdent').click();
    await expect.poll(() => listLevel(contentOf(page), 'deep')).toBe(6);
    await page.close();
  });

  it('links typed addresses and e-mails, and keeps pasted HTML safe', async () => {
    const page = await editorPage();
    await contentOf(page).click();
    await page.keyboard.type('See www.example.org or write to teacher@demo.school today');
    await contentOf(page).locator('a[href="https://www.example.org"]').waitFor();
    await contentOf(page).locator('a[href="mailto:teacher@demo.school"]').waitFor();

    await newParagraph(page);
    await contentOf(page).evaluate((root) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<p>pasted <b>bold</b><script>window.__pwned = 1</script>' +
          '<a href="javascript:window.__pwned=2">bad</a> <a href="https://example.org/ok" onclick="window.__pwned=3">good</a>' +
          '<img src="x" onerror="window.__pwned=4"><span style="position:fixed;color:#123456">styled</span></p>' +
          '<iframe src="https://example.org"></iframe>',
      );
      data.setData('text/plain', 'pasted bold bad good styled');
      root.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await contentOf(page).getByText('good').waitFor();
    const content = contentOf(page);
    expect(
      await content.locator('strong, b, .editor-bold').filter({ hasText: 'bold' }).count(),
    ).toBe(1);
    expect(await content.locator('script, iframe, img, [onclick], [onerror]').count()).toBe(0);
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await content.locator('a[href="https://example.org/ok"]').count()).toBe(1);
    expect(await content.textContent()).toContain('bad');
    expect(await content.locator('[style*="position"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('imports HTML through htmlToEditorState', async () => {
    const page = await editorPage();
    await page
      .getByTestId('demo-html')
      .fill(
        '<h2>Imported</h2><p onclick="window.__pwned=1">A <a href="JaVaScRiPt:window.__pwned=2">link</a> and <i>more</i></p><script>window.__pwned=3</script><ul><li>one</li></ul>',
      );
    await page.getByTestId('demo-html-import').click();
    await contentOf(page).locator('h2', { hasText: 'Imported' }).waitFor();
    const content = contentOf(page);
    expect(await content.locator('li', { hasText: 'one' }).count()).toBe(1);
    expect(await content.locator('a').count()).toBe(0);
    expect(await content.locator('[onclick], script').count()).toBe(0);
    const stored = (await page.getByTestId('demo-json').textContent()) ?? '';
    expect(stored).not.toMatch(/javascript|onclick|script/i);
    expect(stored).toContain('"tag":"h2"');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('shows view-only content without a toolbar or anything editable', async () => {
    const page = await editorPage();
    await contentOf(page).click();
    await page.keyboard.type('Read me');
    const reader = page.getByTestId('demo-reader');
    await reader.getByText('Read me').waitFor();
    expect(await reader.getByRole('toolbar').count()).toBe(0);
    expect(await reader.locator('[contenteditable="true"]').count()).toBe(0);
    expect(await editorOf(page).getByRole('toolbar').count()).toBe(1);
    expect(await editorOf(page).locator('[contenteditable="true"]').count()).toBe(1);
    await page.close();
  });

  it('is keyboard accessible and named in Greek', async () => {
    const page = await editorPage();
    // The toolbar is one tab stop; arrow keys move between its buttons.
    await tool(page, 'undo').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'editor-tool-redo',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('mathema.language', '"el"'));
    await page.reload();
    await page.getByRole('toolbar', { name: 'Μορφοποίηση' }).waitFor();
    for (const name of ['Έντονα', 'Πλάγια', 'Υπογράμμιση', 'Εισαγωγή πίνακα', 'Εισαγωγή εξίσωσης'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await page.getByRole('spinbutton', { name: 'Μέγεθος γραμματοσειράς' }).count()).toBe(1);
    await page.evaluate(() => localStorage.removeItem('mathema.language'));
    await page.close();
  });

  it('fits a phone: the toolbar wraps, the content scrolls past 500 px', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const width of [1280, 375]) {
      const page = await editorPage(width);
      await contentOf(page).click();
      await page.keyboard.type('Text for the screenshot ');
      await tool(page, 'equation').click();
      await page.getByTestId('equation-source').fill('\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}');
      await page.getByTestId('equation-insert').click();
      await contentOf(page).locator('.katex').waitFor();
      const toolbar = editorOf(page).getByRole('toolbar');
      const overflow = await toolbar.evaluate((bar) => bar.scrollWidth - bar.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: path.join(screenshotDir, `editor-${width}.png`),
        fullPage: false,
      });
      if (width === 375) {
        for (let line = 0; line < 40; line++) await page.keyboard.press('Enter');
        const scroller = contentOf(page).locator('xpath=..');
        const box = await scroller.boundingBox();
        expect(Math.round(box?.height ?? 0)).toBe(500);
        expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      }
      await page.close();
    }
  });
});
