/**
 * The body of a storefront form post, or why it cannot be read. `request.formData()` throws on
 * a JSON, XML or missing content type and on a broken multipart body: uncaught, that is a 500
 * for what is the sender's mistake. Bodies are already bounded by the server (1 MB, 413).
 */
export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 415 };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function readForm(request: Request): Promise<FormRead> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return { ok: false, status: 415 };
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, status: 400 };
  }
}
