import { useState } from "react";
import { Link } from "~/components/link";
import { type CfgAttribute, type Issue, isRequired, rangeLimits } from "../../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";
import type { AttributeView } from "../product-view";
import { useIssueText } from "./use-configurator";

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

/** What an attribute field reads of the selection it belongs to (the product's or a complement's). */
export type FieldScope = {
  attrs: CfgAttribute[];
  options: Record<string, number>;
  ranges: Record<string, number>;
  blocked: Record<number, number>;
  issues: Issue[];
};

/** One attribute of the product or of a complement, drawn as its field type asks (colour, select, toggle, range...). */
export function AttributeField({
  attr,
  scope,
  onChoose,
  onClear,
  onRange,
  text,
  onText,
  domId,
}: {
  attr: AttributeView | CfgAttribute;
  scope: FieldScope;
  onChoose: (optionId: number) => void;
  onClear: () => void;
  onRange: (value: number | null) => void;
  text?: string;
  onText?: (v: string) => void;
  /** Prefix of the field's element ids, unique in the page (the same on the server and in the browser). */
  domId?: string;
}) {
  const { t, price, href } = useI18n();
  const issueText = useIssueText();
  const id = domId ?? `attr-${attr.id}`;
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
        {/* Each option's label, dot and name are styled as children of `attr-colors` (app/app.css). */}
        <div className="attr-colors">
          {options.map((o) => {
            const reason = blockedReason(o.id);
            const color = (o as { color?: string | null }).color ?? "#ddd";
            return (
              <label key={o.id} className={reason ? "cursor-not-allowed opacity-45" : "cursor-pointer"} title={reason ?? o.value_string}>
                <input
                  type="radio"
                  name={`${id}-attr`}
                  value={o.id}
                  checked={chosen === o.id}
                  disabled={!!reason}
                  onChange={() => onChoose(o.id)}
                  aria-describedby={reason ? `${id}-r${o.id}` : undefined}
                />
                <span style={{ background: color }} aria-hidden="true" />
                <span>
                  {o.value_string}
                  {surcharge(o.price)}
                </span>
                {reason && (
                  <span id={`${id}-r${o.id}`} className="sr-only">
                    {reason}
                  </span>
                )}
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
        <label htmlFor={`${id}-select`} className="label">
          {legend}
        </label>
        <select id={`${id}-select`} className="input" value={chosen ?? ""} onChange={(e) => (e.target.value ? onChoose(Number(e.target.value)) : onClear())}>
          <option value="">{t("product.config.choose")}</option>
          {options.map((o) => {
            const reason = blockedReason(o.id);
            return (
              <option key={o.id} value={o.id} disabled={!!reason}>
                {o.value_string}
                {surcharge(o.price)}
                {reason ? ` — ${reason}` : ""}
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
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-600"
              checked={chosen === o.id}
              disabled={!!reason}
              onChange={(e) => (e.target.checked ? onChoose(o.id) : onClear())}
            />
            <span className="text-sm">
              <span className="font-semibold">{attr.name}</span>: {o.value_string}
              {surcharge(o.price)}
            </span>
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
                <input
                  type="radio"
                  className="peer sr-only"
                  name={`${id}-attr`}
                  checked={chosen === o.id}
                  disabled={!!reason}
                  onChange={() => onChoose(o.id)}
                />
                <span className="inline-block rounded-lg border border-slate-300 px-4 py-2 text-sm peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-accent-500">
                  {o.value_string}
                  {surcharge(o.price)}
                </span>
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
        unit={(attr as AttributeView).unit ?? "cm"}
        value={value}
        onRange={onRange}
        error={errors.map(issueText).join(" ")}
        bands={priceBands(attr as CfgAttribute, limits)}
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
              <Link to={href(guidePath(o))} className="font-medium text-brand-700 underline" target="_blank">
                {o.value_string}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  // open: a free note that goes with the line
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-open`} className="label">
        {attr.name}
      </label>
      <textarea
        id={`${id}-open`}
        className="input"
        rows={2}
        maxLength={500}
        placeholder={options[0]?.value_string}
        value={text ?? ""}
        onChange={(e) => onText?.(e.target.value)}
      />
    </div>
  );
}

type Band = { min: number; max: number; price: number };

/**
 * The priced size bands of a range attribute within the product's limits (cut-to-measure trays:
 * the price grows with each measure). Empty when every band costs the same.
 */
function priceBands(attr: CfgAttribute, limits: { min: number; max: number } | null): Band[] {
  const bands = attr.options
    .filter((o) => o.value_range_min != null && o.value_range_max != null)
    .map((o) => ({
      min: Math.max(o.value_range_min!, limits?.min ?? o.value_range_min!),
      max: Math.min(o.value_range_max!, limits?.max ?? o.value_range_max!),
      price: o.price,
    }))
    .filter((b) => b.min <= b.max)
    .sort((a, b) => a.min - b.min);
  return bands.some((b) => b.price > 0) ? bands : [];
}

function RangeField({
  id,
  legend,
  limits,
  unit,
  value,
  onRange,
  error,
  bands,
}: {
  id: string;
  legend: React.ReactNode;
  limits: { min: number; max: number } | null;
  unit: string;
  value: number | undefined;
  onRange: (v: number | null) => void;
  error: string;
  bands: Band[];
}) {
  const { t, price } = useI18n();
  const band = value == null ? null : bands.find((b) => value >= b.min && value <= b.max);
  const [raw, setRaw] = useState(value == null ? "" : String(value));
  const hintId = `${id}-hint`;
  const errId = `${id}-err`;
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-range`} className="label">
        {legend}
      </label>
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
      {limits && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {t("product.config.range_hint", { min: limits.min, max: limits.max, unit })}
        </p>
      )}
      {band && !error && (
        <p className="mt-1 text-sm font-medium text-brand-800" data-testid="range-band" aria-live="polite">
          {t("product.band.current", { min: band.min, max: band.max, unit, price: band.price > 0 ? `+${price(band.price)}` : t("product.band.base") })}
        </p>
      )}
      {error && (
        <p id={errId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {bands.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">{t("product.band.table")}</summary>
          <table className="mt-1 w-full max-w-xs text-left">
            <caption className="sr-only">{t("product.band.table")}</caption>
            <thead>
              <tr className="text-xs text-muted">
                <th scope="col" className="py-1 font-semibold">
                  {t("product.band.measure")}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {t("product.band.price")}
                </th>
              </tr>
            </thead>
            <tbody>
              {bands.map((b) => (
                <tr key={b.min} className={`border-t border-sand-100 ${band === b ? "font-semibold" : ""}`}>
                  <td className="py-1">{t("product.band.range", { min: b.min, max: b.max, unit })}</td>
                  <td className="py-1 text-right">{b.price > 0 ? `+${price(b.price)}` : t("product.band.base")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
