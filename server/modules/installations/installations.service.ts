import { and, asc, eq, sql } from "drizzle-orm";
import { type FacilityOption, type InstallationTariff, distanceBand, tariffFromOptions } from "../../../core/configurator/facility.ts";
import { t } from "../../../core/i18n/index.ts";
import type { QuoteRequestInput } from "../../../core/product-page.schema.ts";
import type { LocatedPlace } from "../../../core/product-page.types.ts";
import { localePath } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { CatalogService } from "../catalog/catalog.types.ts";
import type { MailMessage } from "../mail/mail.service.ts";
import type { FormThrottle } from "../reviews/reviews.throttle.ts";
import { embeddedPlaceSearch, parsePlaceQuery, type PlaceSearch } from "./installations.places.ts";
import { quoteMail, staffCopy } from "./installations.mails.ts";
import { facilityOptions, installationQuoteRequests } from "./installations.schema.ts";

export type InstallationsDeps = {
  db: Db;
  catalog: Pick<CatalogService, "productBySlug">;
  mail: { send(msg: MailMessage): Promise<unknown> };
  throttle: FormThrottle;
  config: { publicUrl: string };
  /** Where the customer lives: the embedded offline search unless a maps adapter is given (docs/decisions/019). */
  places?: PlaceSearch;
};

export type LocateResult =
  | { ok: true; results: LocatedPlace[] }
  | { ok: false; code: "installation.postal_code_no_service" | "installation.city_no_service" | "installation.place_not_found" | "installation.query_invalid" };

export type QuoteResult =
  | { ok: true; id: number; message: string }
  | { ok: false; code: "installation.not_quote_only" | "installation.city_unknown" | "installation.throttled"; retryAfter?: number };

export type InstallationsService = ReturnType<typeof createInstallationsService>;

/** Facility options are few and change with the seed or an admin edit: one bounded entry per store, for a minute. */
const OPTIONS_TTL_MS = 60_000;

/**
 * The installation service of stores that sell it (spec 3, 4, 7, 8, 9): the wizard's facility
 * options (city prices by distance, disassembly, pre-measurement), where the customer lives,
 * and the quotation requests of quote-only (budget) cities.
 */
export function createInstallationsService(deps: InstallationsDeps) {
  const { db } = deps;
  const places = deps.places ?? embeddedPlaceSearch();
  const cache = new Map<number, { at: number; value: Promise<FacilityOption[]> }>();

  async function readOptions(storeId: number): Promise<FacilityOption[]> {
    const rows = await db
      .select()
      .from(facilityOptions)
      .where(and(eq(facilityOptions.storeId, storeId), eq(facilityOptions.active, true)))
      .orderBy(asc(facilityOptions.attribute), asc(facilityOptions.position), asc(facilityOptions.valueString), asc(facilityOptions.id));
    return rows.map((r) => ({
      id: r.id,
      attribute: r.attribute,
      value_string: r.valueString,
      province_code: r.provinceCode,
      price: r.price,
      prices: r.prices ?? null,
      budget: r.budget,
    }));
  }

  const service = {
    /**
     * GET installations/v1/prices/web_list/: the store's facility options, net of VAT (the
     * wizard adds it: spec 9). A store without the installation service has none.
     */
    async webList(ctx: RequestContext): Promise<FacilityOption[]> {
      if (!ctx.store.features.installationService) return [];
      const hit = cache.get(ctx.store.id);
      if (hit && Date.now() - hit.at < OPTIONS_TTL_MS) return hit.value;
      const value = readOptions(ctx.store.id);
      // Stores are a handful: the map is bounded by them.
      cache.set(ctx.store.id, { at: Date.now(), value });
      value.catch(() => cache.delete(ctx.store.id));
      return value;
    },

    /** The wizard's tariff in the context's store; null where the store has no installation service or no options. */
    async tariff(ctx: RequestContext): Promise<InstallationTariff | null> {
      return tariffFromOptions(await service.webList(ctx));
    },

    /** Drops the cached options (after a reseed or an admin edit). */
    clear() {
      cache.clear();
    },

    /**
     * Where the customer lives (spec 7, 8): a postal code gives its province (and its town when
     * known), a town name is searched. Each place comes with the city option that serves it and,
     * when the town is known, its distance band from the provincial capital. The spec's messages:
     * a postal code without service 'No se encontraron servicios para ese código postal'; a town
     * without service (or beyond 50 km) 'Actualmente, nuestro servicio no está disponible en esta ciudad.'
     */
    async locate(ctx: RequestContext, raw: string): Promise<LocateResult> {
      const query = parsePlaceQuery(raw);
      if (!query) return { ok: false, code: "installation.query_invalid" };
      const tariff = await service.tariff(ctx);
      const found = await places.search(query, 8);
      const noService = query.kind === "postal_code" ? "installation.postal_code_no_service" : "installation.city_no_service";
      if (!found.length) return { ok: false, code: query.kind === "postal_code" ? noService : "installation.place_not_found" };
      const results: LocatedPlace[] = [];
      for (const p of found) {
        const city = tariff?.cities.find((c) => c.province_code === p.province.code);
        if (!city) continue;
        const band = p.km == null ? null : distanceBand(p.km);
        // A known town beyond 50 km of its capital is outside the service.
        if (p.km != null && band == null) continue;
        results.push({
          name: p.name,
          postal_code: p.postal_code,
          province: p.province.name,
          province_code: p.province.code,
          km: p.km,
          distance: band,
          city: { id: city.id, name: city.name, budget: city.budget },
        });
      }
      return results.length ? { ok: true, results } : { ok: false, code: noService };
    },

    /**
     * A quotation request for a quote-only (budget) city: stored, then confirmed to the shopper
     * by mail (and copied to the store's support address). Throttled per address; a filled
     * honeypot is answered like a success and stores nothing.
     */
    async requestQuote(ctx: RequestContext, input: QuoteRequestInput, meta: { ip: string }): Promise<QuoteResult> {
      const throttled = await deps.throttle.hit("quote:ip", meta.ip);
      if (!throttled.ok) return { ok: false, code: "installation.throttled", retryAfter: throttled.retryAfter };
      const message = t(ctx.language, "installation.quote.sent", { email: input.email });
      if (input.website) return { ok: true, id: 0, message };
      const options = await service.webList(ctx);
      const city = options.find((o) => o.attribute === "city" && o.id === input.city_id);
      if (!city) return { ok: false, code: "installation.city_unknown" };
      if (!city.budget) return { ok: false, code: "installation.not_quote_only" };
      const product = input.product ? await deps.catalog.productBySlug(ctx, input.product) : null;
      const [row] = await db
        .insert(installationQuoteRequests)
        .values({
          storeId: ctx.store.id,
          language: ctx.language,
          productId: product?.id ?? null,
          facilityOptionId: city.id,
          name: input.name,
          email: input.email,
          phone: input.phone,
          postalCode: input.postal_code,
          town: input.town,
          message: input.message,
          disassembly: input.disassembly,
          premeasure: input.premeasure,
          distance: input.distance,
        })
        .returning({ id: installationQuoteRequests.id });
      const home = deps.config.publicUrl + localePath(ctx.language, "/");
      const mail = quoteMail(ctx.language, {
        shop: ctx.store.name,
        name: input.name,
        city: city.value_string,
        product: product?.name ?? null,
        reference: `IQ-${row.id}`,
        home,
      });
      // The request is stored: a failed mail is logged by the caller's logger, never lost as a request.
      await deps.mail.send({ to: input.email, ...mail }).catch(() => undefined);
      if (ctx.store.supportEmail) {
        await deps.mail
          .send({
            to: ctx.store.supportEmail,
            subject: `[IQ-${row.id}] ${mail.subject}`,
            ...staffCopy([
              `${input.name} <${input.email}> ${input.phone ?? ""}`,
              `${city.value_string} ${input.postal_code ?? ""} ${input.town ?? ""}`,
              product ? `${product.name} (${product.ref})` : "",
              `disassembly: ${input.disassembly}, premeasure: ${input.premeasure}, distance: ${input.distance ?? "-"}`,
              input.message,
            ]),
          })
          .catch(() => undefined);
      }
      return { ok: true, id: row.id, message };
    },

    /** Staff: open quotation requests, oldest first. */
    async openQuotes(ctx: RequestContext, limit = 100) {
      return db
        .select()
        .from(installationQuoteRequests)
        .where(and(eq(installationQuoteRequests.storeId, ctx.store.id), eq(installationQuoteRequests.status, "open")))
        .orderBy(asc(installationQuoteRequests.createdAt))
        .limit(limit);
    },

    /** How many facility options a store has (tests, health of the seed). */
    async count(storeId: number): Promise<number> {
      const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(facilityOptions).where(eq(facilityOptions.storeId, storeId));
      return r.n;
    },
  };
  return service;
}
