import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The rules every screen is held to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The one documented exclusion (docs/accessibility.md, "What axe may not flag"): nodes that one
 * rule may report and why. Nothing else is left out.
 *
 * Tabster (Fluent UI v9's focus manager) puts `<i tabindex="0" aria-hidden="true"
 * data-tabster-dummy>` sentinels at the edges of focus groups, modal traps and the app root.
 * They pass focus on the moment they receive it (nobody ever rests on one) and are hidden so
 * that screen readers do not announce an empty stop. Evidence that this is by design and
 * harmless: tabster's maintainer (microsoft/tabster#288: "intentionally focusable with
 * aria-hidden ... their only purpose is to redirect the focus"), Fluent closing the report as
 * "By Design" (microsoft/fluentui#27517, also #25133), and Microsoft's own axe-based checker
 * suppressing exactly this rule for this attribute (microsoft/accessibility-insights-web#7605).
 * axe itself exempts such "bumpers" only when it can see an `onfocus` property
 * (dequelabs/axe-core#3430, #3667); tabster listens with addEventListener, which axe cannot see.
 * Only this rule, only this selector.
 */
export const AXE_EXCLUSIONS: ReadonlyArray<{ rule: string; selector: string }> = [
  { rule: 'aria-hidden-focus', selector: '[data-tabster-dummy]' },
];

async function settleAnimations(page: Page): Promise<void> {
  // Contrast is judged on the settled screen: a message fading in is half transparent, and on a
  // loaded machine axe could measure it mid-animation. Spinners run forever and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Runs axe-core (WCAG A and AA) in the page; every violation but the documented exclusion. */
export async function wcagViolations(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  // Evaluated rather than injected as a <script>: the server's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, exclusions }) => {
      const runner = (window as unknown as { axe: typeof axe }).axe;
      const result = await runner.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        elementRef: true,
      });
      const excluded = (rule: string, element: unknown) =>
        exclusions.some(
          (exclusion) =>
            exclusion.rule === rule &&
            element instanceof Element &&
            element.matches(exclusion.selector),
        );
      return result.violations
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          targets: v.nodes
            .filter((node) => !excluded(v.id, node.element))
            .map((node) => node.target.join(' ')),
        }))
        .filter((v) => v.targets.length > 0);
    },
    { tags: WCAG_TAGS, exclusions: [...AXE_EXCLUSIONS] },
  );
}

/** The serious and critical WCAG violations (the older screens' tests ask only for these). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await wcagViolations(page);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
