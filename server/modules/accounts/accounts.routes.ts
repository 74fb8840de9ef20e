import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  type AddressType,
  addressSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  newPasswordSchema,
  parseForm,
  profileSchema,
  resetRequestSchema,
  signupSchema,
  tokenSchema,
} from "../../../core/accounts.forms.ts";
import * as S from "../../../core/accounts.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import type { Language } from "../../../core/stores.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { AuthUser, RequestContext } from "../../lib/request-context.ts";
import { requestLanguage } from "../../lib/request-language.ts";
import type { Services } from "../index.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";
import { sessionIdOf } from "./accounts.auth.ts";
import { editableAddress } from "./accounts.service.ts";

const TAG = "accounts";

/** HTTP status of each expected failure of the accounts service. */
const STATUS: Record<string, number> = {
  "auth.invalid_credentials": 401,
  "auth.token_invalid": 401,
  "auth.inactive": 403,
  "auth.too_many_attempts": 429,
  "accounts.email_taken": 409,
  "accounts.no_account": 404,
  "accounts.reset_failed": 400,
  "accounts.activation_failed": 400,
  "accounts.wrong_password": 403,
  not_found: 404,
};

/** Answers a service failure: its status, its translated message, Retry-After when throttled. */
function fail(reply: FastifyReply, r: { code: string; retryAfter?: number }): never {
  if (r.retryAfter) reply.header("retry-after", String(r.retryAfter));
  const code = r.code === "not_found" ? "accounts.not_found" : r.code;
  throw new AppError(code, STATUS[r.code] ?? 400);
}

const notFound = () => new AppError("accounts.not_found", 404);

/**
 * A body documented with its form schema (core/accounts.forms.ts) but parsed in the handler, in
 * the request's language: the same rules and messages as the storefront's form, es or fr.
 */
function formBody(schema: z.ZodType, description?: string): z.ZodType {
  const documented = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete documented.$schema;
  if (description) documented.description = description;
  const s = z.unknown();
  // Zod's hook for a hand-written JSON Schema: the docs show the form's fields and rules.
  (s._zod as unknown as { toJSONSchema: () => unknown }).toJSONSchema = () => structuredClone(documented);
  return s;
}

function parse<T extends z.ZodType>(lang: Language, schema: T, raw: unknown): z.output<T> {
  const r = parseForm(schema, raw ?? {}, lang);
  if (!r.ok) throw new AppError("accounts.invalid", 400, undefined, { fieldErrors: r.fieldErrors });
  return r.data;
}

const Id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).describe("Id") });
const TokenQ = z.object({ token: z.string().min(1).max(200).describe("The token of the mail link") });
const ListQ = StoreQuery.extend({
  user: z.coerce.number().int().positive().optional().describe("Only this user's (must be the caller)"),
  page: z.coerce.number().int().min(-1).max(100_000).default(1).describe("Page from 1; -1 = all"),
  page_size: z.coerce.number().int().min(1).max(100).default(20).describe("Per page (1-100)"),
});
const Paginated = <T extends z.ZodType>(item: T) => S.paginatedOf(item);

export async function accountsRoutes(app: FastifyInstance, services: Services) {
  const { accounts, stores } = services;
  const meta = (req: FastifyRequest) => ({ ip: req.ip });
  const lang = (req: FastifyRequest) => requestLanguage(req);

  /** The store of a call: its StoreQuery, else the request's language's store. */
  async function ctxOf(req: FastifyRequest, q: { store?: string | number; language?: Language }, user: AuthUser | null): Promise<RequestContext> {
    return apiContext(stores, { store: q.store, language: q.language ?? (q.store === undefined ? lang(req) : undefined) }, user);
  }

  /** `user` in a payload or a filter may only name the caller (no writing into someone else's account). */
  function sameUser(user: AuthUser, given: number | undefined) {
    if (given !== undefined && given !== user.id) throw new AppError("auth.forbidden", 403);
  }

  // ---------------------------------------------------------------- tokens

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/token/",
      tag: TAG,
      summary: "Log in: email and password to an access token (600 s) and a refresh token (86400 s)",
      description:
        "401 'Credenciales no válidas' for an unknown email or a wrong password (same answer and timing), 403 'Usuario inactivo' " +
        "for a correct password on an account not yet activated (the activation mail is sent again), 429 with Retry-After when throttled.",
      body: formBody(tokenSchema("es")),
      response: S.TokenPair,
      errors: [429],
    },
    async ({ body }, req, reply) => {
      const input = parse(lang(req), tokenSchema(lang(req)), body);
      const r = await accounts.login(await ctxOf(req, {}, null), input, meta(req));
      if (!r.ok) fail(reply, r);
      return { access: r.tokens.access, refresh: r.tokens.refresh };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/token/refresh/",
      tag: TAG,
      summary: "A new access token and a NEW refresh token for a refresh token (single use: reusing an old one ends the session)",
      body: z.strictObject({ refresh: z.string().min(1).max(4096).describe("The refresh token") }),
      response: S.TokenPair,
      errors: [429],
    },
    async ({ body }, req, reply) => {
      const r = await accounts.refresh(body.refresh, meta(req));
      if (!r.ok) fail(reply, r);
      return r.tokens;
    },
  );

  // ---------------------------------------------------------------- clients: public

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/clients/signup/",
      tag: TAG,
      summary: "Sign up: an inactive account and an activation mail",
      description: "409 'Ya existe un usuario con esas credenciales' when the email has an account. Field messages in error.details.fieldErrors.",
      query: StoreQuery,
      body: formBody(signupSchema("es")),
      response: z.object({ message: z.string(), user: S.ClientDto }),
      status: 201,
      errors: [409, 429],
    },
    async ({ query, body }, req, reply) => {
      const ctx = await ctxOf(req, query, null);
      const input = parse(lang(req), signupSchema(lang(req)), body);
      const r = await accounts.signup(ctx, input, meta(req));
      if (!r.ok) fail(reply, r);
      return { message: t(lang(req), "accounts.signup.done"), user: r.user };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/clients/activate_user/",
      tag: TAG,
      summary: "Activate an account with the token of the activation mail (single use, 7 days)",
      query: StoreQuery.extend(TokenQ.shape),
      response: S.Message,
      errors: [429],
    },
    async ({ query }, req, reply) => {
      const r = await accounts.activate(await ctxOf(req, query, null), query.token, meta(req));
      if (!r.ok) fail(reply, r);
      return { message: t(lang(req), "accounts.activation.done") };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/clients/reset_password/",
      tag: TAG,
      summary: "Send a password-reset link by mail (30 minutes, single use)",
      description: "404 'No existe ninguna cuenta asociada a ese email' (the spec's message), throttled per address and per email.",
      query: StoreQuery,
      body: formBody(resetRequestSchema("es")),
      response: S.Message,
      errors: [404, 429],
    },
    async ({ query, body }, req, reply) => {
      const input = parse(lang(req), resetRequestSchema(lang(req)), body);
      const r = await accounts.requestPasswordReset(await ctxOf(req, query, null), input.email, meta(req));
      if (!r.ok) fail(reply, r);
      return { message: t(lang(req), "accounts.reset.sent") };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/clients/update_password/",
      tag: TAG,
      summary: "Set a new password with the token of the reset mail; ends every session of the account",
      description: "400 'error al restablecer la contraseña' for an unknown, used or expired token.",
      query: StoreQuery.extend(TokenQ.shape),
      body: formBody(newPasswordSchema("es")),
      response: S.Message,
      errors: [429],
    },
    async ({ query, body }, req, reply) => {
      const input = parse(lang(req), newPasswordSchema(lang(req)), body);
      const r = await accounts.resetPassword(await ctxOf(req, query, null), query.token, input, meta(req));
      if (!r.ok) fail(reply, r);
      return { message: t(lang(req), "accounts.reset.done") };
    },
  );

  // ---------------------------------------------------------------- clients: the caller's own

  apiRoute(
    app,
    { method: "GET", url: "/auth-users/v1/clients/info/", tag: TAG, summary: "The signed-in client", auth: "user", response: S.ClientDto },
    async ({ user }, req) => {
      const c = await accounts.clientInfo(await ctxOf(req, {}, user));
      if (!c) throw new AppError("auth.not_authenticated", 401);
      return c;
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/auth-users/v1/clients/:id/",
      tag: TAG,
      summary: "A client (only the caller's own: 404 for anyone else's)",
      auth: "user",
      params: Id,
      response: S.ClientDto,
      errors: [404],
    },
    async ({ params, user }, req) => {
      const c = await accounts.getClient(await ctxOf(req, {}, user), params.id);
      if (!c) throw notFound();
      return c;
    },
  );

  for (const method of ["PUT", "PATCH"] as const) {
    apiRoute(
      app,
      {
        method,
        url: "/auth-users/v1/clients/:id/",
        tag: TAG,
        summary: method === "PUT" ? "Replace the profile (name, surnames, phone, language)" : "Change some of the profile's fields",
        description: "Only name, surnames, phone and language: any other field (email, role, _type, is_active...) is refused with 400.",
        auth: "user",
        params: Id,
        body: formBody(method === "PUT" ? profileSchema("es") : profileSchema("es").partial()),
        response: S.ClientDto,
        errors: [404],
      },
      async ({ params, body, user }, req) => {
        const ctx = await ctxOf(req, {}, user);
        const schema = method === "PUT" ? profileSchema(lang(req)) : profileSchema(lang(req)).partial();
        if (params.id !== user?.id) throw notFound();
        const r = await accounts.updateClient(ctx, params.id, parse(lang(req), schema, body));
        if (!r.ok) throw notFound();
        return r.user;
      },
    );
  }

  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/auth-users/v1/clients/:id/",
      tag: TAG,
      summary: "Delete the account (GDPR erasure): asks for the password",
      description:
        "Addresses, favourites, sessions and newsletter subscriptions are deleted; the account is pseudonymised (orders and invoices are kept as the law requires). 403 for a wrong password.",
      auth: "user",
      params: Id,
      query: StoreQuery,
      body: formBody(deleteAccountSchema("es")),
      status: 204,
      errors: [404, 429],
    },
    async ({ params, query, body, user }, req, reply) => {
      if (params.id !== user?.id) throw notFound();
      const input = parse(lang(req), deleteAccountSchema(lang(req)), body);
      const r = await accounts.deleteAccount(await ctxOf(req, query, user), params.id, input);
      if (!r.ok) fail(reply, r);
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/auth-users/v1/clients/:id/toggle_type/",
      tag: TAG,
      summary: "Switch between customer and professional (spec 6)",
      description:
        "A customer switches their own type (404 for anyone else's; once staff revoked it, they cannot tick it again). " +
        "Staff (back office session) switch any customer's type: the change is audited with before and after.",
      auth: "user",
      permission: "professionals.review",
      params: Id,
      response: S.ClientDto,
      errors: [404],
    },
    async ({ params, user, staff, audit }, req) => {
      if (staff) {
        const r = await services.database.db.transaction(async (tx) => {
          const t = await accounts.staffToggleType(tx as never, params.id);
          if (t) {
            await audit(
              { action: "customer.professional_type", entityType: "customer", entityId: params.id, before: { type: t.before }, after: { type: t.after } },
              tx,
            );
          }
          return t;
        });
        if (!r) throw notFound();
        return accounts.toClient(r.user);
      }
      const r = await accounts.toggleType(await ctxOf(req, {}, user), params.id);
      if (!r.ok) throw notFound();
      return r.user;
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/clients/:id/change_email/",
      tag: TAG,
      summary: "Change the email (asks for the current password)",
      description: "403 for a wrong current password, 409 'Ya existe un usuario con esas credenciales' for an email in use.",
      auth: "user",
      params: Id,
      body: formBody(changeEmailSchema("es")),
      response: S.ClientDto,
      errors: [404, 409, 429],
    },
    async ({ params, body, user }, req, reply) => {
      if (params.id !== user?.id) throw notFound();
      const input = parse(lang(req), changeEmailSchema(lang(req)), body);
      const r = await accounts.changeEmail(await ctxOf(req, {}, user), params.id, input);
      if (!r.ok) fail(reply, r);
      return r.user;
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/clients/:id/change_password/",
      tag: TAG,
      summary: "Change the password (asks for the current one); ends the other sessions and mails a notice",
      auth: "user",
      params: Id,
      query: StoreQuery,
      body: formBody(changePasswordSchema("es")),
      response: S.Message,
      errors: [404, 429],
    },
    async ({ params, query, body, user }, req, reply) => {
      if (params.id !== user?.id) throw notFound();
      const input = parse(lang(req), changePasswordSchema(lang(req)), body);
      const r = await accounts.changePassword(await ctxOf(req, query, user), params.id, input, { keepSession: sessionIdOf(req) });
      if (!r.ok) fail(reply, r);
      return { message: t(lang(req), "accounts.password.changed") };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/auth-users/v1/clients/:id/export/",
      tag: TAG,
      summary: "Everything the shop keeps about the client (GDPR), as JSON",
      auth: "user",
      params: Id,
      response: S.AccountExport,
      errors: [404],
    },
    async ({ params, user }, req, reply) => {
      const r = await accounts.exportData(await ctxOf(req, {}, user), params.id);
      if (!r.ok) throw notFound();
      reply.header("cache-control", "no-store");
      reply.header("content-disposition", `attachment; filename="mis-datos-${params.id}.json"`);
      return r.data;
    },
  );

  // ---------------------------------------------------------------- newsletter of the signed-in client

  const newsletterRoute = (method: "GET" | "PUT" | "DELETE") =>
    apiRoute(
      app,
      {
        method,
        url: "/auth-users/v1/clients/:id/newsletter/",
        tag: TAG,
        summary:
          method === "GET"
            ? "Whether the client is subscribed to the store's newsletter"
            : method === "PUT"
              ? "Subscribe the client to the store's newsletter (profile toggle)"
              : "Unsubscribe the client from the store's newsletter",
        ...(method === "PUT"
          ? {
              description:
                "Double opt-in like the footer form (docs/decisions/047): the account's email gets a confirmation mail and the " +
                "answer is `pending: true` until its link is followed; then `subscribed: true` and, once per email ever, the 5 € " +
                "welcome coupon is mailed. Throttled per address and email like the footer (429 with Retry-After).",
            }
          : {}),
        auth: "user",
        params: Id,
        query: StoreQuery,
        response: S.NewsletterStatus,
        errors: method === "PUT" ? [404, 429] : [404],
      },
      async ({ params, query, user }, req, reply) => {
        if (params.id !== user?.id) throw notFound();
        const ctx = await ctxOf(req, query, user);
        if (!ctx.store.features.newsletter) throw new AppError("store.feature_off", 404);
        if (method === "GET") return accounts.newsletterStatus(ctx);
        const r = await accounts.setNewsletter(ctx, method === "PUT", meta(req));
        if ("code" in r) fail(reply, r);
        return r;
      },
    );
  newsletterRoute("GET");
  newsletterRoute("PUT");
  newsletterRoute("DELETE");

  const NewsletterItem = z.object({ id: z.number().int(), store: z.number().int(), email: z.string(), source: z.string(), consent_at: z.string() });
  apiRoute(
    app,
    {
      method: "GET",
      url: "/auth-users/v1/newsletters/",
      tag: TAG,
      summary: "The signed-in client's newsletter subscriptions",
      auth: "user",
      response: z.array(NewsletterItem),
    },
    async ({ user }) => {
      const subs = await services.marketing.subscriptionsOf((user as AuthUser).email);
      return subs.map((s) => ({ id: s.id, store: s.storeId, email: s.email, source: s.source, consent_at: s.consentAt.toISOString() }));
    },
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: "/auth-users/v1/newsletters/:id/",
      tag: TAG,
      summary: "One of the client's subscriptions",
      auth: "user",
      params: Id,
      response: NewsletterItem,
      errors: [404],
    },
    async ({ params, user }) => {
      const s = (await services.marketing.subscriptionsOf((user as AuthUser).email)).find((x) => x.id === params.id);
      if (!s) throw notFound();
      return { id: s.id, store: s.storeId, email: s.email, source: s.source, consent_at: s.consentAt.toISOString() };
    },
  );
  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/auth-users/v1/newsletters/:id/",
      tag: TAG,
      summary: "Unsubscribe (one of the client's own subscriptions)",
      auth: "user",
      params: Id,
      status: 204,
      errors: [404],
    },
    async ({ params, user }) => {
      const s = (await services.marketing.subscriptionsOf((user as AuthUser).email)).find((x) => x.id === params.id);
      if (!s) throw notFound();
      await services.marketing.unsubscribe(s.storeId, s.email);
    },
  );

  // ---------------------------------------------------------------- addresses

  const addressRoutes = (type: AddressType) => {
    const base = `/auth-users/v1/${type}-addresses/`;
    const label = type === "shipping" ? "shipping" : "billing";
    apiRoute(
      app,
      {
        method: "GET",
        url: base,
        tag: TAG,
        summary: `The client's ${label} addresses (default first; page=-1: all)`,
        auth: "user",
        query: ListQ,
        response: Paginated(S.AddressDto),
      },
      async ({ query, user }, req) => {
        sameUser(user as AuthUser, query.user);
        return accounts.listAddresses(await ctxOf(req, query, user), type, { page: query.page, page_size: query.page_size });
      },
    );
    apiRoute(
      app,
      {
        method: "POST",
        url: base,
        tag: TAG,
        summary: `Add a ${label} address`,
        description:
          "Every field of spec 3. `user` may be sent but must be the caller (403 otherwise). The first address of a type, or one sent with default=true, becomes the default.",
        auth: "user",
        body: formBody(addressSchema("es", type)),
        response: S.AddressDto,
        status: 201,
      },
      async ({ body, user }, req) => {
        const input = parse(lang(req), addressSchema(lang(req), type), body);
        sameUser(user as AuthUser, input.user);
        const a = await accounts.saveAddress(await ctxOf(req, {}, user), type, input);
        if (!a) throw notFound();
        return a;
      },
    );
    apiRoute(
      app,
      {
        method: "GET",
        url: `${base}:id/`,
        tag: TAG,
        summary: `One of the client's ${label} addresses`,
        auth: "user",
        params: Id,
        response: S.AddressDto,
        errors: [404],
      },
      async ({ params, user }, req) => {
        const a = await accounts.getAddress(await ctxOf(req, {}, user), type, params.id);
        if (!a) throw notFound();
        return a;
      },
    );
    for (const method of ["PUT", "PATCH"] as const) {
      apiRoute(
        app,
        {
          method,
          url: `${base}:id/`,
          tag: TAG,
          summary: method === "PUT" ? `Replace a ${label} address` : `Change some fields of a ${label} address`,
          auth: "user",
          params: Id,
          body: formBody(addressSchema("es", type), method === "PATCH" ? "Any subset of the fields; the result is validated whole" : undefined),
          response: S.AddressDto,
          errors: [404],
        },
        async ({ params, body, user }, req) => {
          const ctx = await ctxOf(req, {}, user);
          const current = await accounts.getAddress(ctx, type, params.id);
          if (!current) throw notFound();
          const raw = method === "PATCH" ? { ...editableAddress(current), ...(body as object) } : body;
          const input = parse(lang(req), addressSchema(lang(req), type), raw);
          sameUser(user as AuthUser, input.user);
          const a = await accounts.saveAddress(ctx, type, input, params.id);
          if (!a) throw notFound();
          return a;
        },
      );
    }
    apiRoute(
      app,
      { method: "DELETE", url: `${base}:id/`, tag: TAG, summary: `Delete a ${label} address`, auth: "user", params: Id, status: 204, errors: [404] },
      async ({ params, user }, req) => {
        if (!(await accounts.deleteAddress(await ctxOf(req, {}, user), type, params.id))) throw notFound();
      },
    );
  };
  addressRoutes("shipping");
  addressRoutes("billing");

  // ---------------------------------------------------------------- favourites

  const WishBase = "/auth-users/v1/products-wishlist/";
  apiRoute(
    app,
    {
      method: "GET",
      url: WishBase,
      tag: TAG,
      summary: "The client's favourites, newest first, each with its product card (page=-1: all)",
      auth: "user",
      query: ListQ,
      response: Paginated(S.WishlistItemDto),
    },
    async ({ query, user }, req) => {
      sameUser(user as AuthUser, query.user);
      return accounts.listWishlist(await ctxOf(req, query, user), { page: query.page, page_size: query.page_size });
    },
  );
  apiRoute(
    app,
    {
      method: "POST",
      url: WishBase,
      tag: TAG,
      summary: "Add a product to the favourites (idempotent)",
      auth: "user",
      query: StoreQuery,
      body: z.strictObject({
        user: z.number().int().positive().optional().describe("Must be the caller"),
        product: z.number().int().positive().describe("Product id"),
      }),
      response: S.WishlistItemDto,
      status: 201,
      errors: [404],
    },
    async ({ query, body, user }, req) => {
      sameUser(user as AuthUser, body.user);
      const r = await accounts.addToWishlist(await ctxOf(req, query, user), body.product);
      if (!r.ok) throw new AppError(r.code, 404);
      return r.item;
    },
  );
  apiRoute(
    app,
    {
      method: "POST",
      url: `${WishBase}set-favourites/`,
      tag: TAG,
      summary: "Push the guest's local favourites on login (spec 4): they join the server list, which is answered whole",
      auth: "user",
      query: StoreQuery,
      body: z.strictObject({
        user: z.number().int().positive().optional().describe("Must be the caller"),
        product_ids: z.array(z.number().int().positive()).max(500).describe("Product ids; unknown ones are skipped"),
      }),
      response: z.array(S.WishlistItemDto),
    },
    async ({ query, body, user }, req) => {
      sameUser(user as AuthUser, body.user);
      return accounts.setFavourites(await ctxOf(req, query, user), body.product_ids);
    },
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${WishBase}:id/`,
      tag: TAG,
      summary: "One favourite",
      auth: "user",
      params: Id,
      query: StoreQuery,
      response: S.WishlistItemDto,
      errors: [404],
    },
    async ({ params, query, user }, req) => {
      const item = await accounts.getWishlistItem(await ctxOf(req, query, user), params.id);
      if (!item) throw notFound();
      return item;
    },
  );
  apiRoute(
    app,
    { method: "DELETE", url: `${WishBase}:id/`, tag: TAG, summary: "Remove a favourite (by its id)", auth: "user", params: Id, status: 204, errors: [404] },
    async ({ params, user }, req) => {
      if (!(await accounts.removeFromWishlist(await ctxOf(req, {}, user), params.id))) throw notFound();
    },
  );
}
