import { FACILITY_ID } from "../../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";
import type { ComplementView } from "../product-view";
import { AttributeField } from "./attribute-field";
import { type Configurator, useIssueText, useLineName } from "./use-configurator";

/** A complement of the product: add or remove it, and answer its own attributes once added. */
export function ComplementCard({ c, cfg, installationText }: { c: ComplementView; cfg: Configurator; installationText: boolean }) {
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
          {c.product && (
            <p className="text-xs text-muted">
              {t("product.ref")}: {ce?.variant?.ref ?? c.product.ref}
            </p>
          )}
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
              domId={`complement-${c.id}-attr-${a.id}`}
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
