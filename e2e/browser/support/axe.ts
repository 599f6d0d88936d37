/**
 * Accessibility check of a console page with axe-core in the real browser: violations of
 * serious or critical impact fail the test, listed one per line with the offending elements.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface A11yFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Serious and critical axe violations on the page as it will look once settled: running finite
 * animations (a toast fading in, a new row's highlight) are first taken to their end, since axe
 * would otherwise judge the contrast of text caught mid-fade. Endless ones (spinners) are left.
 */
export async function seriousA11yViolations(page: Page): Promise<A11yFinding[]> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) animation.finish();
    }
  });
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** Throws with a readable list when the page has serious or critical violations. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const findings = await seriousA11yViolations(page);
  if (findings.length === 0) return;
  const lines = findings.map((f) => `  ${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`);
  throw new Error(`axe-core found ${findings.length} serious/critical violation(s) on ${what}:\n${lines.join('\n')}`);
}
