// Draws the installable web app's PNG icons from src/renderer/public/favicon.svg with the
// system Chromium (playwright-core), so that the icons follow the one drawn mark. Run by hand
// after changing the mark: `node scripts/make-app-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '../src/renderer/public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const brand = '#2f6fd6';

// A maskable icon keeps its mark inside the middle 80% (the safe zone), on a full bleed.
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
    await page.setContent(
      `<html><body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? brand : 'transparent'}">
        <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
      </body></html>`,
    );
    await page.screenshot({
      path: path.join(publicDir, icon.file),
      omitBackground: !icon.maskable,
    });
    await page.close();
  }
} finally {
  await browser.close();
}
