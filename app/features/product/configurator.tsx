import { useId, useMemo, useReducer, useState } from "react";
import { Link } from "react-router";
import {
  type CfgAttribute,
  type CfgComplement,
  type ConfigAction,
  type ConfigCatalog,
  type ConfigState,
  type Evaluation,
  type Issue,
  type Step,
  buildSteps,
  evaluate,
  FACILITY_ID,
  INSTALLATION_ID,
  initialState,
  isRequired,
  MAX_QUANTITY,
  MIN_QUANTITY,
  rangeLimits,
  reduce,
  stepComplete,
  type UserType,
} from "../../../core/configurator.ts";
import type { AttributeDto, ComplementDto } from "../../../server/modules/catalog/catalog.types.ts";
import { useI18n } from "~/lib/i18n";

export type Configurator = {
  catalog: ConfigCatalog;
  state: ConfigState;
  dispatch: (a: ConfigAction) => void;
  ev: Evaluation;
  steps: Step[];
};

export function useConfigurator(catalog: ConfigCatalog, defaultVariantId: number | null, userType: UserType): Configurator {
  const [state, dispatch] = useReducer((s: ConfigState, a: ConfigAction) => reduce(catalog, s, a), catalog, (c) => initialState(c, defaultVariantId));
  const ev = useMemo(() => evaluate(catalog, state.selection, userType), [catalog, state.selection, userType]);
  const steps = useMemo(() => buildSteps(catalog, state.selection), [catalog, state.selection]);
  return { catalog, state, dispatch, ev, steps };
}

/** Services have no product of their own: their line is named after what the shopper gets. */
export function useLineName() {
  const { t } = useI18n();
  return (id: string, fallback: string) => (id === INSTALLATION_ID ? t("product.installation.name") : id === FACILITY_ID ? t("product.facility.name") : fallback);
}

/** The message of one issue, in the shopper's language. */
export function useIssueText() {
  const { t } = useI18n();
  return (issue: Issue): string => {
    switch (issue.code) {
      case "range":
        return t("product.config.issue.range", { min: issue.min, max: issue.max });
      case "combined":
        return t("product.config.issue.combined", { sum: issue.sum, max: issue.max });
      default:
        return t(`product.config.issue.${issue.code}`);
    }
  };
}

function optionName(attrs: CfgAttribute[], optionId: number): string {
  for (const a of attrs) for (const o of a.options) if (o.id === optionId) return o.value_string;
  return "";
}

/** A guide link of a hiperlink attribute: the option names the page (e.g. "/como-medir-una-mampara"). */
function guidePath(o: { slug: string; value_string: string }): string {
  if (o.slug.startsWith("/")) return o.slug;
  if (/^como-/.test(o.slug)) return `/${o.slug}`;
  return "/como-medir-una-mampara";
}

type Scope = { attrs: CfgAttribute[]; options: Record<string, number>; ranges: Record<string, number>; blocked: Record<number, number>; issues: Issue[] };

function AttributeField({
  attr,
  scope,
  onChoose,
  onClear,
  onRange,
  text,
  onText,
}: {
  attr: AttributeDto | CfgAttribute;
  scope: Scope;
  onChoose: (optionId: number) => void;
  onClear: () => void;
  onRange: (value: number | null) => void;
  text?: string;
  onText?: (v: string) => void;
}) {
  const { t, price, href } = useI18n();
  const issueText = useIssueText();
  const id = useId();
  const chosen = scope.options[attr.id];
  const options = [...attr.options].sort((a, b) => a.position - b.position);
  const blockedReason = (optionId: number) => {
    const by = scope.blocked[optionId];
    return by != null && chosen !== optionId ? t("product.config.blocked_by", { option: optionName(scope.attrs, by) }) : null;
  };
  const surcharge = (p: number) => (p > 0 ? ` (+${price(p)})` : "");
  const errors = scope.issues.filter((i) => "attributeId" in i && i.attributeId === attr.id && i.code !== "incomplete");
  const required = isRequired(attr as CfgAttribute);
  const legend = (
    <span className="text-sm font-semibold text-ink">
      {attr.name}
      {required && <span className="sr-only"> ({t("product.config.required")})</span>}
      {chosen != null && attr.field_type === "color" && <span className="ml-2 font-normal text-muted">{optionName(scope.attrs, chosen)}</span>}
    </span>
  );

  if (attr.field_type === "color") {
    return (
      <fieldset className="mt-4">
        <legend>{legend}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {options.map((o) => {
            const reason = blockedReason(o.id);
            const color = (o as { color?: string | null }).color ?? "#ddd";
            return (
              <label key={o.id} className={`group flex w-20 flex-col items-center gap-1 text-center text-xs ${reason ? "cursor-not-allowed opacity-45" : "cursor-pointer"}`} title={reason ?? o.value_string}>
                <input type="radio" className="peer sr-only" name={`${id}-attr`} value={o.id} checked={chosen === o.id} disabled={!!reason} onChange={() => onChoose(o.id)} aria-describedby={reason ? `${id}-r${o.id}` : undefined} />
                <span className="block h-11 w-11 rounded-full border border-slate-300 shadow-inner ring-offset-2 peer-checked:ring-3 peer-checked:ring-brand-600 peer-focus-visible:outline-3 peer-focus-visible:outline-accent-500" style={{ background: color }} aria-hidden="true" />
                <span className="leading-tight text-slate-800">{o.value_string}{surcharge(o.price)}</span>
                {reason && <span id={`${id}-r${o.id}`} className="sr-only">{reason}</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  }

  if (attr.field_type === "select") {
    return (
      <div className="mt-4">
        <label htmlFor={`${id}-select`} className="label">{legend}</label>
        <select id={`${id}-select`} className="input" value={chosen ?? ""} onChange={(e) => (e.target.value ? onChoose(Number(e.target.value)) : onClear())}>
          <option value="">{t("product.config.choose")}</option>
          {options.map((o) => {
            const reason = blockedReason(o.id);
            return (
              <option key={o.id} value={o.id} disabled={!!reason}>
                {o.value_string}{surcharge(o.price)}{reason ? ` — ${reason}` : ""}
              </option>
            );
          })}
        </select>
      </div>
    );
  }

  if (attr.field_type === "toggle") {
    if (options.length === 1) {
      const o = options[0];
      const reason = blockedReason(o.id);
      return (
        <div className="mt-4">
          <label className={`flex items-center gap-3 rounded-lg border border-sand-200 p-3 ${reason ? "opacity-50" : "cursor-pointer hover:bg-sand-50"}`}>
            <input type="checkbox" className="h-5 w-5 accent-brand-600" checked={chosen === o.id} disabled={!!reason} onChange={(e) => (e.target.checked ? onChoose(o.id) : onClear())} />
            <span className="text-sm"><span className="font-semibold">{attr.name}</span>: {o.value_string}{surcharge(o.price)}</span>
          </label>
          {reason && <p className="mt-1 text-xs text-muted">{reason}</p>}
        </div>
      );
    }
    return (
      <fieldset className="mt-4">
        <legend>{legend}</legend>
        <div className="mt-2 inline-flex flex-wrap gap-2">
          {options.map((o) => {
            const reason = blockedReason(o.id);
            return (
              <label key={o.id} className={`${reason ? "cursor-not-allowed opacity-45" : "cursor-pointer"}`} title={reason ?? undefined}>
                <input type="radio" className="peer sr-only" name={`${id}-attr`} checked={chosen === o.id} disabled={!!reason} onChange={() => onChoose(o.id)} />
                <span className="inline-block rounded-lg border border-slate-300 px-4 py-2 text-sm peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-accent-500">{o.value_string}{surcharge(o.price)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  }

  if (attr.field_type === "range") {
    const limits = rangeLimits(attr as CfgAttribute);
    const value = scope.ranges[attr.id];
    return (
      <RangeField
        key={attr.id}
        id={id}
        legend={legend}
        limits={limits}
        unit={(attr as AttributeDto).unit ?? "cm"}
        value={value}
        onRange={onRange}
        error={errors.map(issueText).join(" ")}
      />
    );
  }

  if (attr.field_type === "hiperlink") {
    return (
      <div className="mt-4 rounded-lg bg-brand-50 p-3 text-sm">
        <span className="font-semibold">{attr.name}</span>
        <ul className="mt-1">
          {(options.length ? options : [{ id: 0, slug: "como-medir-una-mampara", value_string: t("product.config.measure_guide") }]).map((o) => (
            <li key={o.id}>
              <Link to={href(guidePath(o))} className="font-medium text-brand-700 underline" target="_blank">{o.value_string}</Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  // open: a free note that goes with the line
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-open`} className="label">{attr.name}</label>
      <textarea id={`${id}-open`} className="input" rows={2} maxLength={500} placeholder={options[0]?.value_string} value={text ?? ""} onChange={(e) => onText?.(e.target.value)} />
    </div>
  );
}

function RangeField({ id, legend, limits, unit, value, onRange, error }: { id: string; legend: React.ReactNode; limits: { min: number; max: number } | null; unit: string; value: number | undefined; onRange: (v: number | null) => void; error: string }) {
  const { t } = useI18n();
  const [raw, setRaw] = useState(value == null ? "" : String(value));
  const hintId = `${id}-hint`;
  const errId = `${id}-err`;
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-range`} className="label">{legend}</label>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-range`}
          type="number"
          inputMode="numeric"
          step={1}
          min={limits?.min}
          max={limits?.max}
          className="input max-w-40"
          value={raw}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${errId}` : ""}`}
          onChange={(e) => {
            setRaw(e.target.value);
            onRange(e.target.value === "" ? null : Number(e.target.value));
          }}
        />
        <span className="text-sm text-muted">{unit}</span>
      </div>
      {limits && <p id={hintId} className="mt-1 text-xs text-muted">{t("product.config.range_hint", { min: limits.min, max: limits.max, unit })}</p>}
      {error && <p id={errId} role="alert" className="mt-1 text-sm font-medium text-danger">{error}</p>}
    </div>
  );
}

function QuantityStepper({ value, onChange, label }: { value: number; onChange: (n: number) => void; label: string }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <div className="flex items-center rounded-lg border border-slate-400">
        <button type="button" className="h-11 w-10 text-lg font-bold text-brand-800 disabled:opacity-40" onClick={() => onChange(value - 1)} disabled={value <= MIN_QUANTITY} aria-label={t("product.quantity.less")}>−</button>
        <input id={id} type="number" inputMode="numeric" min={MIN_QUANTITY} max={MAX_QUANTITY} step={1} value={value} onChange={(e) => onChange(Number(e.target.value))} className="h-11 w-12 border-x border-slate-300 text-center text-base [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none" />
        <button type="button" className="h-11 w-10 text-lg font-bold text-brand-800 disabled:opacity-40" onClick={() => onChange(value + 1)} disabled={value >= MAX_QUANTITY} aria-label={t("product.quantity.more")}>+</button>
      </div>
    </div>
  );
}

export { QuantityStepper };

function ComplementCard({ c, cfg, installationText }: { c: ComplementDto; cfg: Configurator; installationText: boolean }) {
  const { t, price } = useI18n();
  const sel = cfg.state.selection.complements[c.id];
  const ce = cfg.ev.complements[c.id];
  const added = !!sel;
  const line = cfg.ev.price.lines.find((l) => l.kind === "complement" && l.id === c.id);
  const from = c.variants.length ? Math.min(...c.variants.map((v) => v.prices.pvp_web)) : c.price;
  const name = useLineName()(c.id, c.product?.name ?? c.complement_type.name);
  const issueText = useIssueText();
  return (
    <li className={`rounded-xl border p-4 ${added ? "border-brand-600 bg-brand-50/60" : "border-sand-200 bg-white"}`}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">{name}</p>
          {c.product && <p className="text-xs text-muted">{t("product.ref")}: {ce?.variant?.ref ?? c.product.ref}</p>}
          {installationText && <p className="mt-1 text-sm text-slate-700">{t(c.id === FACILITY_ID ? "product.facility.text" : "product.installation.text")}</p>}
          <p className="mt-1 text-sm font-semibold text-brand-800">
            {line ? `${line.quantity} × ${price(line.unit)}` : c.variants.length > 1 ? t("product.price.from", { price: price(from) }) : price(from)}
          </p>
        </div>
        <button
          type="button"
          aria-pressed={added}
          onClick={() => cfg.dispatch(added ? { type: "removeComplement", complementId: c.id } : { type: "addComplement", complementId: c.id })}
          className={added ? "btn-secondary" : "btn-dark"}
        >
          {added ? t("product.complement.remove") : t("product.complement.add")}
        </button>
      </div>
      {added && c.attributes.length > 0 && ce && (
        <div className="mt-2 border-t border-sand-200 pt-2">
          {c.attributes.map((a) => (
            <AttributeField
              key={a.id}
              attr={a}
              scope={{ attrs: c.attributes, options: sel.options, ranges: sel.ranges, blocked: ce.blocked, issues: ce.issues }}
              onChoose={(optionId) => cfg.dispatch({ type: "complementChoose", complementId: c.id, attributeId: a.id, optionId })}
              onClear={() => cfg.dispatch({ type: "removeComplement", complementId: c.id })}
              onRange={(value) => cfg.dispatch({ type: "complementRange", complementId: c.id, attributeId: a.id, value })}
            />
          ))}
          {!ce.complete && <p className="mt-2 text-sm text-accent-700">{ce.issues.map(issueText)[0]}</p>}
        </div>
      )}
    </li>
  );
}

/** The step-by-step configurator: stepper, the current step's fields, previous and next. */
export function ConfiguratorSteps({ cfg, complements, attributes }: { cfg: Configurator; complements: ComplementDto[]; attributes: AttributeDto[] }) {
  const { t } = useI18n();
  const issueText = useIssueText();
  const { steps, state, ev, dispatch } = cfg;
  const index = Math.max(0, steps.findIndex((s) => s.key === state.step));
  const step = steps[index];
  const complete = stepComplete(cfg.catalog, state.selection, step);
  const title = (s: Step) => (s.kind === "aesthetic" ? t("product.config.step.aesthetic") : s.kind === "summary" ? t("product.config.step.summary") : s.title || t("product.config.step.options"));
  const scope: Scope = { attrs: cfg.catalog.attributes, options: state.selection.options, ranges: state.selection.ranges, blocked: ev.blocked, issues: ev.issues };
  const dto = (a: CfgAttribute) => attributes.find((x) => x.id === a.id) ?? a;
  const combined = ev.issues.find((i) => i.code === "combined");
  if (steps.length <= 1) return null;

  return (
    <section aria-labelledby="config-title" className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" data-testid="configurator">
      <h2 id="config-title" className="text-lg font-bold text-brand-900">{t("product.config.title")}</h2>
      <ol className="mt-3 flex flex-wrap gap-1.5" aria-label={t("product.config.steps")}>
        {steps.map((s, i) => (
          <li key={s.key}>
            <button
              type="button"
              onClick={() => dispatch({ type: "goto", step: s.key })}
              aria-current={i === index ? "step" : undefined}
              className={`flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium ${i === index ? "border-brand-700 bg-brand-700 text-white" : i < index ? "border-brand-200 bg-brand-50 text-brand-800" : "border-sand-200 text-muted"}`}
            >
              <span aria-hidden="true" className="font-bold">{i < index ? "✓" : i + 1}</span>
              {title(s)}
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-4 border-t border-sand-200 pt-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-accent-700" aria-live="polite">{t("product.config.step_of", { n: index + 1, count: steps.length })}</p>
        <h3 className="mt-1 text-base font-bold text-ink">{title(step)}</h3>

        {(step.kind === "aesthetic" || step.kind === "group") &&
          step.attributes.map((a) => (
            <AttributeField
              key={a.id}
              attr={dto(a)}
              scope={scope}
              onChoose={(optionId) => dispatch({ type: "choose", attributeId: a.id, optionId })}
              onClear={() => dispatch({ type: "clear", attributeId: a.id })}
              onRange={(value) => dispatch({ type: "range", attributeId: a.id, value })}
              text={state.selection.texts[a.id]}
              onText={(value) => dispatch({ type: "text", attributeId: a.id, value })}
            />
          ))}
        {step.kind === "group" && combined && step.attributes.some((a) => a.field_type === "range") && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-danger">{issueText(combined)}</p>
        )}

        {step.kind === "complements" && (
          <>
            <p className="mt-1 text-sm text-muted">{step.complements.some((c) => c.id === INSTALLATION_ID) ? t("product.installation.intro") : t("product.complement.intro")}</p>
            <ul className="mt-3 grid gap-3">
              {step.complements.map((c: CfgComplement) => {
                const full = complements.find((x) => x.id === c.id);
                return full ? <ComplementCard key={c.id} c={full} cfg={cfg} installationText={c.id === INSTALLATION_ID || c.id === FACILITY_ID} /> : null;
              })}
            </ul>
          </>
        )}

        {step.kind === "summary" && <Summary cfg={cfg} />}
      </div>

      <div className="mt-5 flex items-center justify-between gap-3">
        <button type="button" className="btn-secondary" onClick={() => dispatch({ type: "prev" })} disabled={index === 0}>
          {t("product.config.prev")}
        </button>
        {index < steps.length - 1 && (
          <button type="button" className="btn-dark" onClick={() => dispatch({ type: "next" })} disabled={!complete} aria-describedby={!complete ? "config-next-hint" : undefined}>
            {t("product.config.next")}
          </button>
        )}
      </div>
      {!complete && index < steps.length - 1 && (
        <p id="config-next-hint" className="mt-2 text-right text-xs text-muted">{t("product.config.next_hint")}</p>
      )}
    </section>
  );
}

/** Lines of the configuration with their prices and the total. */
export function Summary({ cfg }: { cfg: Configurator }) {
  const { t, price } = useI18n();
  const lineName = useLineName();
  const { ev } = cfg;
  const chosenNames = cfg.catalog.attributes
    .map((a) => {
      if (a.field_type === "range") {
        const v = cfg.state.selection.ranges[a.id];
        return v == null ? null : `${a.name}: ${v} cm`;
      }
      const o = a.options.find((x) => x.id === cfg.state.selection.options[a.id]);
      return o ? `${a.name}: ${o.value_string}` : null;
    })
    .filter(Boolean);
  return (
    <div className="mt-3" data-testid="config-summary">
      {chosenNames.length > 0 && <p className="text-sm text-slate-700">{chosenNames.join(" · ")}</p>}
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{t("product.config.step.summary")}</caption>
        <thead>
          <tr className="border-b border-sand-200 text-left text-xs uppercase tracking-wide text-muted">
            <th scope="col" className="py-1.5 font-semibold">{t("product.summary.item")}</th>
            <th scope="col" className="py-1.5 text-right font-semibold">{t("product.summary.quantity")}</th>
            <th scope="col" className="py-1.5 text-right font-semibold">{t("product.summary.price")}</th>
          </tr>
        </thead>
        <tbody>
          {ev.price.lines.map((l) => (
            <tr key={`${l.kind}-${l.id}`} className="border-b border-sand-100 align-top">
              <td className="py-2 pr-2">
                <span className="font-medium text-ink">{lineName(l.id, l.name)}</span>
                <span className="block text-xs text-muted">{t("product.ref")}: {l.ref}</span>
              </td>
              <td className="py-2 text-right">{l.quantity}</td>
              <td className="py-2 text-right font-semibold whitespace-nowrap">
                {l.original != null && <s className="mr-1 font-normal text-muted">{price(l.original)}</s>}
                {price(l.total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-3 text-left text-base">{t("product.summary.total")}</th>
            <td className="pt-3 text-right text-lg font-extrabold text-brand-900 whitespace-nowrap">{price(ev.price.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
