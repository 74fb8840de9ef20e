import { lazyPart } from "~/components/island";

/*
 * The product page's code that the browser fetches only when needed (issue 12): the reviews and
 * the questions when they come near the viewport (their server markup is shown until then), the
 * installation wizard when its step comes near.
 */
export const Reviews = lazyPart(() => import("./reviews").then((m) => m.Reviews));
export const Questions = lazyPart(() => import("./questions").then((m) => m.Questions));
export const InstallationWizard = lazyPart(() => import("./installation-wizard").then((m) => m.InstallationWizard));

let all: Promise<unknown> | undefined;
/** The server renders every part in the document: its loader awaits this (once per process). */
export function preloadParts(): Promise<unknown> {
  all ??= Promise.all([Reviews.preload(), Questions.preload(), InstallationWizard.preload()]).catch((e) => {
    all = undefined;
    throw e;
  });
  return all;
}
