import { data } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { languageFromPath } from "../../../core/stores.ts";
import type { Route } from "./+types/newsletter";

export async function action({ request }: Route.ActionArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  return data({ ok: false, message: t(lang, "errors.internal") }, { status: 503 });
}

export async function loader() {
  throw data(null, { status: 404 });
}
