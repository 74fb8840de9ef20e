import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Chooses the first free option of every field of the configurator's current step, and the smallest measures. */
export async function completeStep(page: Page) {
  const cfg = page.getByTestId("configurator");
  const groups = await cfg.locator('input[type="radio"]').evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLInputElement).name))]);
  for (const name of groups) {
    if ((await cfg.locator(`input[type="radio"][name="${name}"]:checked`).count()) > 0) continue;
    const first = cfg.locator(`input[type="radio"][name="${name}"]:not([disabled])`).first();
    if ((await first.count()) > 0) await first.check({ force: true });
  }
  for (const select of await cfg.locator("select").all()) {
    if (await select.inputValue()) continue;
    const value = await select.locator("option:not([disabled])").evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== ""));
    if (value) await select.selectOption(value);
  }
  for (const input of await cfg.locator('input[type="number"][min]').all()) {
    if (await input.inputValue()) continue;
    const min = await input.getAttribute("min");
    if (min) await input.fill(min);
  }
}

/** The installation wizard of the configurator (Spain). */
export function wizard(page: Page): Locator {
  return page.getByTestId("installation-wizard");
}

/** Walks the configurator, completing each step, until the installation wizard shows. */
export async function walkToInstallation(page: Page) {
  const cfg = page.getByTestId("configurator");
  await cfg.waitFor();
  const next = cfg.getByRole("button", { name: "Siguiente" });
  for (let i = 0; i < 15 && (await wizard(page).count()) === 0; i++) {
    await completeStep(page);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
  }
  await wizard(page).waitFor();
}

/** The wizard's current step as it says it ("Paso 3 de 5"). */
const stepIs = (page: Page, n: number) => expect.poll(() => wizard(page).getByText(`Paso ${n} de 5`).count()).toBe(1);

/**
 * Answers the wizard's first three steps (intro, disassembly, pre-measurement) and searches where
 * the customer lives (step 4). Leaves the wizard on the city step.
 */
export async function answerUpToCity(page: Page, answers: { disassembly: boolean; premeasure: boolean; place: string }) {
  const w = wizard(page);
  await stepIs(page, 1);
  await w.getByRole("button", { name: "Continuar" }).click();
  await stepIs(page, 2);
  await w
    .getByRole("radio")
    .nth(answers.disassembly ? 0 : 1)
    .check();
  await w.getByRole("button", { name: "Continuar" }).click();
  await stepIs(page, 3);
  await w
    .getByRole("radio")
    .nth(answers.premeasure ? 0 : 1)
    .check();
  await w.getByRole("button", { name: "Continuar" }).click();
  await stepIs(page, 4);
  await searchPlace(page, answers.place);
}

/** Searches a postal code or a town in the wizard's city step and waits for the answer (a place or a message). */
export async function searchPlace(page: Page, place: string) {
  const w = wizard(page);
  await w.getByLabel("Código postal o población").fill(place);
  await w.getByRole("button", { name: "Buscar" }).click();
  await expect
    .poll(async () => (await page.getByTestId("installation-place").count()) + (await page.getByTestId("installation-place-message").count()))
    .toBeGreaterThan(0);
}

/** From the city step: the distance band (asked when the town is not known), then "add the service". */
export async function addService(page: Page, distance: "Hasta 30 km" | "De 30 a 50 km") {
  const w = wizard(page);
  await w.getByRole("button", { name: "Continuar" }).click();
  await stepIs(page, 5);
  await w.getByRole("radio", { name: new RegExp(`^${distance}`) }).check();
  await w.getByRole("button", { name: "Añadir el servicio de instalación" }).click();
  await page.getByTestId("installation-added").waitFor();
}

/** Text with its spaces (including the no-break ones of amounts) made plain. */
export const plain = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
