import axe from "axe-core";
import type { Page } from "playwright-core";

/** What the shop promises (README, issue 12): WCAG 2.1 A and AA. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export type AxeImpact = "minor" | "moderate" | "serious" | "critical";

export type AxeViolation = {
  id: string;
  impact: AxeImpact | null;
  help: string;
  /** Up to five offending elements: CSS selector and the start of their HTML. */
  nodes: { target: string; html: string }[];
};

/**
 * Runs axe-core in the page as it is now (after hydration, with the cookie banner if it shows) and
 * returns the WCAG 2.1 AA violations. The script is evaluated through the DevTools protocol, so
 * the shop's Content-Security-Policy (nonce-only scripts) does not have to make room for it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: (v.impact ?? null) as AxeImpact | null,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 160) })),
    }));
  }, WCAG_21_AA);
}

/** The violations a page must never have: serious or critical ones. */
export function blocking(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** One line per violation and element, readable in a failed assertion. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target}: ${n.html}`));
}
