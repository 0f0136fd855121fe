import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Contrast is judged on the settled screen: a message fading in is half transparent, and on a
  // loaded machine axe could measure it mid-animation.
  // Spinners run forever and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated rather than injected as a <script>: the server's CSP rightly refuses inline scripts.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // Tabster's focus sentinels (Fluent's arrow-key navigation) are aria-hidden on purpose and
    // hand focus on at once; they are not content.
    const result = await (window as unknown as { axe: typeof axe }).axe.run(
      { include: [['body']], exclude: [['[data-tabster-dummy]']] },
      { resultTypes: ['violations'] },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
