import { isService } from "../../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";
import { type Configurator, useLineName } from "./use-configurator";

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
            <th scope="col" className="py-1.5 font-semibold">
              {t("product.summary.item")}
            </th>
            <th scope="col" className="py-1.5 text-right font-semibold">
              {t("product.summary.quantity")}
            </th>
            <th scope="col" className="py-1.5 text-right font-semibold">
              {t("product.summary.price")}
            </th>
          </tr>
        </thead>
        <tbody>
          {ev.price.lines.map((l) => (
            <tr key={`${l.kind}-${l.id}`} className="border-b border-sand-100 align-top">
              <td className="py-2 pr-2">
                <span className="font-medium text-ink">{lineName(l.id, l.name, l.parts)}</span>
                {/* Services have no reference a shopper could use: the installation shows what it is made of instead. */}
                {!isService(l.id) && (
                  <span className="block text-xs text-muted">
                    {t("product.ref")}: {l.ref}
                  </span>
                )}
                {l.parts && l.parts.length > 0 && (
                  <span className="block text-xs text-muted" data-testid="summary-installation-parts">
                    {l.parts
                      .filter((p) => p.key !== "reservation")
                      .map((p) => `${t(`installation.part.${p.key}`)} ${price(p.gross)}`)
                      .join(" · ")}
                  </span>
                )}
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
            <th scope="row" colSpan={2} className="pt-3 text-left text-base">
              {t("product.summary.total")}
            </th>
            <td className="pt-3 text-right text-lg font-extrabold text-brand-900 whitespace-nowrap">{price(ev.price.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
