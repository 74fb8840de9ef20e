import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  type FacilityChoice,
  type FacilityCity,
  type FacilityDistance,
  type FacilityPart,
  FACILITY_ID,
  INSTALLATION_ID,
  type InstallationTariff,
  quoteFacility,
} from "../../../core/configurator.ts";
import { multiply } from "../../../core/money.ts";
import type { LocatedPlace } from "../../../core/product-page.types.ts";
import { useI18n } from "~/lib/i18n";
import type { Configurator } from "./configurator/use-configurator";
import { Honeypot, Privacy } from "./form-parts";
import type { ProductActionData } from "./product-actions.server";

/** The wizard's five steps (spec 4): 0 intro, 1 disassembly, 2 pre-measurement, 3 city, 4 distance. */
const STEPS = ["intro", "disassembly", "premeasure", "city", "distance"] as const;

type Draft = { disassembly: boolean | null; premeasure: boolean | null; city: FacilityCity | null; distance: FacilityDistance | null };

/**
 * The installation service as a 5-step wizard inside the configurator (Spain only). It prices
 * the answers as they come (the same core code the cart runs on the server) and, at the end,
 * adds the service (the reservation and the facility answers) to the configuration, or offers
 * a quotation request in a quote-only city (Girona).
 */
export function InstallationWizard({ cfg, tariff }: { cfg: Configurator; tariff: InstallationTariff }) {
  const { t, price, lang } = useI18n();
  const id = "installation";
  const sel = cfg.state.selection;
  const added = sel.complements[FACILITY_ID]?.facility ?? null;
  const [step, setStep] = useState(added ? 4 : 0);
  const [draft, setDraft] = useState<Draft>(() => ({
    disassembly: added?.disassembly ?? null,
    premeasure: added?.premeasure ?? null,
    city: tariff.cities.find((c) => c.id === added?.city_id) ?? null,
    distance: added?.distance ?? null,
  }));
  const [place, setPlace] = useState<LocatedPlace | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    // Keyboard and screen reader users land on the new step's question (not on the first render).
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const vat = 1 + (cfg.catalog.serviceVatBp ?? 0) / 10_000;
  const reservationNet = cfg.catalog.complements.find((c) => c.id === INSTALLATION_ID)?.price ?? 0;
  const choice: FacilityChoice | null =
    draft.city && draft.distance && draft.disassembly != null && draft.premeasure != null
      ? { disassembly: draft.disassembly, premeasure: draft.premeasure, city_id: draft.city.id, distance: draft.distance }
      : null;
  const quote = choice ? quoteFacility(tariff, choice, vat, reservationNet) : null;
  // What is known so far, priced part by part (each amount with VAT, spec 9).
  const parts: FacilityPart[] =
    quote?.ok === true
      ? quote.parts
      : [
          { key: "reservation", net: reservationNet, gross: multiply(reservationNet, vat) },
          ...(draft.city && !draft.city.budget && draft.distance && draft.city.prices[draft.distance] != null
            ? [{ key: "city" as const, net: draft.city.prices[draft.distance]!, gross: multiply(draft.city.prices[draft.distance]!, vat) }]
            : []),
          ...(draft.disassembly ? [{ key: "disassembly" as const, net: tariff.disassembly, gross: multiply(tariff.disassembly, vat) }] : []),
          ...(draft.premeasure && draft.distance && tariff.premeasure[draft.distance] != null
            ? [{ key: "premeasure" as const, net: tariff.premeasure[draft.distance]!, gross: multiply(tariff.premeasure[draft.distance]!, vat) }]
            : []),
        ];
  const total = parts.reduce((s, p) => s + p.gross, 0);
  const missingCity = !draft.city || !draft.distance;
  const quantity = sel.quantity;

  const canContinue =
    step === 0 ||
    (step === 1 && draft.disassembly != null) ||
    (step === 2 && draft.premeasure != null) ||
    (step === 3 && draft.city != null && !draft.city.budget);
  const go = (n: number) => {
    moved.current = true;
    setStep(Math.max(0, Math.min(STEPS.length - 1, n)));
  };
  const sameAsAdded =
    added &&
    choice &&
    added.city_id === choice.city_id &&
    added.distance === choice.distance &&
    added.disassembly === choice.disassembly &&
    added.premeasure === choice.premeasure;
  const pct = (amount: number) => price(multiply(amount, vat));

  return (
    <div className="mt-3 rounded-xl border border-brand-200 bg-brand-50/40 p-4" data-testid="installation-wizard">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-brand-900">{t("installation.wizard.title")}</p>
        <p className="text-xs text-muted" aria-live="polite">
          {t("installation.wizard.step_of", { n: step + 1, count: STEPS.length })}
        </p>
      </div>
      <ol className="mt-2 grid grid-cols-5 gap-1" aria-label={t("installation.wizard.steps")}>
        {STEPS.map((s, i) => (
          <li key={s} className="min-w-0">
            <span
              aria-current={i === step ? "step" : undefined}
              className={`block h-1.5 rounded-full ${i <= step ? "bg-brand-600" : "bg-sand-200"}`}
              title={t(`installation.step.${s}`)}
            />
            <span className={`mt-1 block truncate text-[11px] ${i === step ? "font-semibold text-brand-900" : "text-muted"}`}>
              {t(`installation.step.${s}`)}
            </span>
          </li>
        ))}
      </ol>

      <div className="mt-4">
        <h4 ref={headingRef} tabIndex={-1} className="text-base font-bold text-ink outline-none" id={`${id}-q`}>
          {t(`installation.question.${STEPS[step]}`)}
        </h4>

        {step === 0 && (
          <div className="mt-2 space-y-2 text-sm text-slate-700">
            <p>{t("installation.intro.text")}</p>
            <ul className="list-inside list-disc space-y-0.5">
              <li>{t("installation.intro.includes")}</li>
              <li>{t("installation.intro.reservation", { price: price(multiply(reservationNet, vat)) })}</li>
              <li>{t("installation.intro.remainder")}</li>
            </ul>
          </div>
        )}

        {step === 1 && (
          <YesNo
            name={`${id}-disassembly`}
            labelledBy={`${id}-q`}
            value={draft.disassembly}
            yes={t("installation.disassembly.yes", { price: pct(tariff.disassembly) })}
            no={t("installation.disassembly.no")}
            hint={t("installation.disassembly.hint")}
            onChange={(v) => setDraft({ ...draft, disassembly: v })}
          />
        )}

        {step === 2 && (
          <YesNo
            name={`${id}-premeasure`}
            labelledBy={`${id}-q`}
            value={draft.premeasure}
            yes={t("installation.premeasure.yes", {
              near: pct(tariff.premeasure["500"] ?? 0),
              far: pct(tariff.premeasure["520"] ?? 0),
            })}
            no={t("installation.premeasure.no")}
            hint={t("installation.premeasure.hint")}
            onChange={(v) => setDraft({ ...draft, premeasure: v })}
          />
        )}

        {step === 3 && (
          <CityStep
            tariff={tariff}
            city={draft.city}
            place={place}
            onPlace={(p) => {
              setPlace(p);
              const city = p ? (tariff.cities.find((c) => c.id === p.city.id) ?? null) : null;
              setDraft({ ...draft, city, distance: p?.distance ?? (city?.id === draft.city?.id ? draft.distance : null) });
            }}
            onCity={(city) => {
              setPlace(null);
              setDraft({ ...draft, city, distance: city?.id === draft.city?.id ? draft.distance : null });
            }}
          />
        )}

        {step === 3 && draft.city?.budget && (
          <QuoteRequest city={draft.city} place={place} disassembly={draft.disassembly ?? false} premeasure={draft.premeasure ?? false} />
        )}

        {step === 4 && draft.city && (
          <fieldset className="mt-2">
            <legend className="sr-only">{t("installation.question.distance")}</legend>
            {place?.km != null && place.name && (
              <p className="mb-2 text-sm text-slate-700" data-testid="installation-distance-note">
                {t("installation.distance.computed", {
                  town: place.name,
                  km: place.km.toLocaleString(lang === "fr" ? "fr-FR" : "es-ES", { maximumFractionDigits: 1 }),
                  capital: place.province,
                })}{" "}
                {t("installation.distance.computed_hint")}
              </p>
            )}
            <div className="grid gap-2">
              {(["500", "520"] as const).map((d) => {
                const cityPrice = draft.city?.prices[d];
                if (cityPrice == null) return null;
                const checked = String(draft.distance) === d;
                // A known town's band is computed (spec: "asked otherwise"): the other one is not the shopper's to pick.
                const computed = place?.distance != null && place.city.id === draft.city?.id ? place.distance : null;
                const locked = computed != null && String(computed) !== d;
                return (
                  <label
                    key={d}
                    className={`flex items-start gap-3 rounded-lg border p-3 text-sm ${locked ? "cursor-not-allowed opacity-60" : "cursor-pointer"} ${checked ? "border-brand-600 bg-white" : "border-sand-200 bg-white/60"}`}
                  >
                    <input
                      type="radio"
                      name={`${id}-distance`}
                      value={d}
                      checked={checked}
                      disabled={locked}
                      onChange={() => setDraft({ ...draft, distance: Number(d) as FacilityDistance })}
                      className="mt-0.5 size-4 accent-brand-700"
                    />
                    <span>
                      <span className="block font-medium text-ink">{t(`installation.distance.${d}`)}</span>
                      <span className="block text-muted">{t("installation.distance.city_price", { city: draft.city!.name, price: pct(cityPrice) })}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      </div>

      {draft.city?.budget ? (
        // A quote-only city has no price to add up: the quotation gives it.
        <p className="mt-4 rounded-lg bg-white p-3 text-sm text-slate-700" data-testid="installation-total" aria-live="polite">
          {t("installation.total.quote_only", { city: draft.city.name })}
        </p>
      ) : (
        <div className="mt-4 rounded-lg bg-white p-3" data-testid="installation-total" aria-live="polite">
          <ul className="space-y-0.5 text-sm text-slate-700">
            {parts.map((p) => (
              <li key={p.key} className="flex justify-between gap-3">
                <span>{p.key === "city" && draft.city ? t("installation.part.city_named", { city: draft.city.name }) : t(`installation.part.${p.key}`)}</span>
                <span className="whitespace-nowrap">{price(p.gross)}</span>
              </li>
            ))}
            {missingCity && !draft.city?.budget && <li className="text-xs text-muted">{t("installation.total.city_pending")}</li>}
          </ul>
          <p className="mt-2 flex items-baseline justify-between gap-3 border-t border-sand-200 pt-2">
            <span className="font-semibold text-ink">{t("installation.total.label")}</span>
            <span className="text-lg font-extrabold text-brand-900" data-testid="installation-total-amount">
              {price(total)}
            </span>
          </p>
          {quantity > 1 && <p className="text-xs text-muted">{t("installation.total.per_unit", { quantity })}</p>}
          <p className="mt-1 text-xs text-muted">{t("installation.total.vat")}</p>
        </div>
      )}

      {added && (
        <p className="mt-3 rounded-lg bg-green-50 p-3 text-sm font-medium text-ok" role="status" data-testid="installation-added">
          {t("installation.added", { price: price(quoteTotal(tariff, added, vat, reservationNet)) })}
        </p>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <button type="button" className="btn-secondary" onClick={() => go(step - 1)} disabled={step === 0}>
          {t("installation.back")}
        </button>
        <div className="flex flex-wrap gap-2">
          {added && (
            <button type="button" className="btn-secondary" onClick={() => cfg.dispatch({ type: "installation", choice: null })}>
              {t("installation.remove")}
            </button>
          )}
          {step < STEPS.length - 1 ? (
            <button type="button" className="btn-dark" onClick={() => go(step + 1)} disabled={!canContinue}>
              {t("installation.continue")}
            </button>
          ) : sameAsAdded ? null : (
            // Once added, the button comes back only when an answer changes ("update the service").
            <button
              type="button"
              className="btn-primary"
              disabled={!choice || !quote?.ok}
              onClick={() => choice && cfg.dispatch({ type: "installation", choice })}
            >
              {added ? t("installation.update") : t("installation.add")}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

const quoteTotal = (tariff: InstallationTariff, c: FacilityChoice, vat: number, reservation: number) => {
  const q = quoteFacility(tariff, c, vat, reservation);
  return q.ok ? q.total : 0;
};

function YesNo({
  name,
  labelledBy,
  value,
  yes,
  no,
  hint,
  onChange,
}: {
  name: string;
  labelledBy: string;
  value: boolean | null;
  yes: string;
  no: string;
  hint: string;
  onChange: (v: boolean) => void;
}) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={`${name}-hint`} className="mt-2 grid gap-2">
      <p id={`${name}-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      {[true, false].map((v) => (
        <label
          key={String(v)}
          className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm ${value === v ? "border-brand-600 bg-white" : "border-sand-200 bg-white/60"}`}
        >
          <input type="radio" name={name} value={v ? "yes" : "no"} checked={value === v} onChange={() => onChange(v)} className="size-4 accent-brand-700" />
          <span className="font-medium text-ink">{v ? yes : no}</span>
        </label>
      ))}
    </div>
  );
}

/** Where the customer lives: a postal code or a town (the API's place search), or the province from a list. */
function CityStep({
  tariff,
  city,
  place,
  onPlace,
  onCity,
}: {
  tariff: InstallationTariff;
  city: FacilityCity | null;
  place: LocatedPlace | null;
  onPlace: (p: LocatedPlace | null) => void;
  onCity: (c: FacilityCity | null) => void;
}) {
  const { t, lang } = useI18n();
  const id = "installation-place";
  const [q, setQ] = useState(place?.postal_code ?? "");
  const [results, setResults] = useState<LocatedPlace[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function search(e: React.FormEvent) {
    e.preventDefault();
    const text = q.trim();
    if (!text) return;
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`/api/installations/v1/places/search/?language=${lang}&q=${encodeURIComponent(text)}`, {
        headers: { accept: "application/json" },
      });
      const body = await res.json();
      if (res.ok) {
        const list = body.results as LocatedPlace[];
        setResults(list);
        onPlace(list.length === 1 ? list[0] : null);
      } else {
        setResults([]);
        onPlace(null);
        setMessage(body?.error?.message ?? t("errors.internal"));
      }
    } catch {
      setMessage(t("errors.internal"));
    } finally {
      setBusy(false);
    }
  }

  const placeLabel = (p: LocatedPlace) =>
    p.name
      ? t("installation.place.town", { town: p.name, province: p.province, postal_code: p.postal_code ?? "" })
      : t("installation.place.province", { province: p.province, postal_code: p.postal_code ?? "" });

  return (
    <div className="mt-2 space-y-3">
      <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2" aria-label={t("installation.place.search")}>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="label">
            {t("installation.place.label")}
          </label>
          <input
            id={`${id}-q`}
            type="text"
            className="input"
            value={q}
            maxLength={80}
            autoComplete="postal-code"
            aria-describedby={`${id}-hint${message ? ` ${id}-msg` : ""}`}
            onChange={(e) => setQ(e.target.value)}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
            {t("installation.place.hint")}
          </p>
        </div>
        <button type="submit" className="btn-dark mb-5" disabled={busy}>
          {t("installation.place.search")}
        </button>
      </form>
      {message && (
        <p id={`${id}-msg`} role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-danger" data-testid="installation-place-message">
          {message}
        </p>
      )}
      {results.length > 1 && (
        <fieldset>
          <legend className="text-sm font-medium text-ink">{t("installation.place.choose")}</legend>
          <div className="mt-1 grid gap-1">
            {results.map((p) => (
              <label key={`${p.name}-${p.postal_code}`} className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="radio" name={`${id}-place`} checked={place === p} onChange={() => onPlace(p)} className="size-4 accent-brand-700" />
                {placeLabel(p)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {place && (
        <p className="text-sm text-slate-700" data-testid="installation-place">
          {placeLabel(place)}
        </p>
      )}
      <div>
        <label htmlFor={`${id}-province`} className="label">
          {t("installation.place.province_label")}
        </label>
        <select
          id={`${id}-province`}
          className="input"
          value={city ? String(city.id) : ""}
          onChange={(e) => onCity(tariff.cities.find((c) => String(c.id) === e.target.value) ?? null)}
        >
          <option value="">{t("installation.place.province_placeholder")}</option>
          {tariff.cities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.budget ? t("installation.place.budget_option", { city: c.name }) : c.name}
            </option>
          ))}
        </select>
      </div>
      {city?.budget && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-ink" data-testid="installation-budget">
          {t("installation.budget.text", { city: city.name })}
        </p>
      )}
    </div>
  );
}

/** A quote-only city: the shopper asks for a quotation (stored and confirmed by email). */
function QuoteRequest({ city, place, disassembly, premeasure }: { city: FacilityCity; place: LocatedPlace | null; disassembly: boolean; premeasure: boolean }) {
  const { t, href } = useI18n();
  const fetcher = useFetcher<ProductActionData>();
  const id = "installation-quote";
  const result = fetcher.data?.intent === "quote" ? fetcher.data : null;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  if (result?.ok) {
    return (
      <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm font-medium text-ok" data-testid="quote-sent">
        {result.message}
      </p>
    );
  }
  const field = (name: string, label: string, type = "text", opts: { required?: boolean; autoComplete?: string } = {}) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        className="input"
        required={opts.required}
        autoComplete={opts.autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-err` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-err`} className="mt-1 text-sm text-danger">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <fetcher.Form method="post" className="mt-3 space-y-3 rounded-lg border border-sand-200 bg-white p-3" data-testid="quote-form" noValidate>
      <p className="text-sm font-semibold text-ink">{t("installation.quote.title", { city: city.name })}</p>
      <input type="hidden" name="intent" value="quote" />
      <input type="hidden" name="city_id" value={city.id} />
      <input type="hidden" name="postal_code" value={place?.postal_code ?? ""} />
      <input type="hidden" name="town" value={place?.name ?? ""} />
      {disassembly && <input type="hidden" name="disassembly" value="on" />}
      {premeasure && <input type="hidden" name="premeasure" value="on" />}
      <div className="grid gap-3 sm:grid-cols-2">
        {field("name", t("product.questions.field.name"), "text", { required: true, autoComplete: "given-name" })}
        {field("email", t("product.questions.field.email"), "email", { required: true, autoComplete: "email" })}
        {field("phone", t("product.questions.field.phone"), "tel", { autoComplete: "tel" })}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="label">
          {t("installation.quote.message")}
        </label>
        <textarea id={`${id}-message`} name="message" rows={3} maxLength={1000} className="input" />
      </div>
      <Honeypot />
      <Privacy errors={errors} href={href("/cms/politica-de-privacidad")} />
      {result && !result.ok && !result.fieldErrors && (
        <p role="alert" className="text-sm font-medium text-danger">
          {result.message}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
        {t("installation.quote.submit")}
      </button>
    </fetcher.Form>
  );
}
