import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./schema";

/** What a refused call says: the HTTP status and the shop's {error:{code,message}} (message in the staff member's language). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

let language: "es" | "fr" = "es";
export const setApiLanguage = (l: "es" | "fr") => {
  language = l;
};

/** Signed out (session ended, idle, disabled): the app goes back to the login screen. */
export const SIGNED_OUT_EVENT = "staff:signed-out";

const middleware: Middleware = {
  onRequest({ request }) {
    request.headers.set("accept-language", language);
    return request;
  },
  async onResponse({ response }) {
    if (response.status === 401) {
      const body = await response
        .clone()
        .json()
        .catch(() => null);
      const code = body?.error?.code;
      if (code === "staff.not_authenticated" || code === "staff.second_factor_required")
        window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT, { detail: code }));
    }
    return response;
  },
};

/**
 * The typed client of the shop's API: paths, parameters, bodies and answers all come from the
 * generated schema (scripts/admin-api-types.ts), so a screen cannot call a route that does not
 * exist or read a field the route does not answer. Cookies carry the staff session.
 */
export const api = createClient<paths>({ baseUrl: "", credentials: "same-origin" });
api.use(middleware);

/** The data of an openapi-fetch answer, or an ApiError (what TanStack Query shows as the query's error). */
export async function unwrap<T>(p: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await p;
  if (response.ok) return data as T;
  const e = (error as { error?: { code?: string; message?: string; details?: unknown } } | undefined)?.error;
  throw new ApiError(response.status, e?.code ?? `http.${response.status}`, e?.message ?? response.statusText, e?.details);
}

/** Downloads a file answer (CSV, PDF) of a GET or POST under the staff session. */
export async function download(url: string, init: RequestInit = {}): Promise<void> {
  const res = await fetch(url, { credentials: "same-origin", ...init, headers: { "accept-language": language, ...(init.headers ?? {}) } });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body?.error?.code ?? `http.${res.status}`, body?.error?.message ?? res.statusText);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "download";
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
