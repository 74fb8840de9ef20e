import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import { Button, Card, ErrorText, PageHeader, Spinner } from "../../components/ui";
import { date, dateTime, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

type Paths = import("../../api/schema").paths;
type Dashboard = Paths["/api/admin/v1/dashboard/"]["get"]["responses"]["200"]["content"]["application/json"];
type StoreFigures = Dashboard["stores"][number];

const messages = defineMessages({
  es: {
    title: "Inicio",
    subtitle: "Lo que pide atención hoy, por tienda. Cada cifra abre la lista que la forma.",
    refresh: "Actualizar",
    computed: "Cifras de las {time} (se recalculan cada 20 segundos como mucho)",
    today: "Ventas de hoy",
    month: "Ventas del mes",
    net: "netas",
    ordersPaid: "{n} pedidos pagados",
    gross: "Cobrado {gross}",
    refunds: "Devuelto {refunds}",
    toShip: "Pedidos por enviar",
    toShipHint: "Pagados o en curso con algún paquete sin enviar",
    transfers: "Transferencias pendientes",
    transfersHint: "Por un total de {amount}",
    aftersale: "Posventa abierta",
    aftersaleHint: "{w} desistimientos · {r} devoluciones · {i} incidencias",
    quotations: "Presupuestos que caducan",
    quotationsHint: "En los próximos {days} días",
    invoices: "Facturas del mes",
    stock: "Existencias",
    out: "Agotados",
    low: "Quedan {threshold} o menos",
    stockHint: "Productos sin variantes y variantes de productos activos.",
    stockCaption: "Productos y variantes con menos existencias",
    ref: "Referencia",
    product: "Producto",
    units: "Unidades",
    noneLow: "Ningún producto con pocas existencias.",
    open: "Ver lista",
  },
  fr: {
    title: "Accueil",
    subtitle: "Ce qui demande votre attention aujourd'hui, par boutique. Chaque chiffre ouvre la liste correspondante.",
    refresh: "Actualiser",
    computed: "Chiffres de {time} (recalculés toutes les 20 secondes au plus)",
    today: "Ventes du jour",
    month: "Ventes du mois",
    net: "nettes",
    ordersPaid: "{n} commandes payées",
    gross: "Encaissé {gross}",
    refunds: "Remboursé {refunds}",
    toShip: "Commandes à expédier",
    toShipHint: "Payées ou en cours avec un colis non expédié",
    transfers: "Virements en attente",
    transfersHint: "Pour un total de {amount}",
    aftersale: "Après-vente ouvert",
    aftersaleHint: "{w} rétractations · {r} retours · {i} incidents",
    quotations: "Devis qui expirent",
    quotationsHint: "Dans les {days} prochains jours",
    invoices: "Factures du mois",
    stock: "Stocks",
    out: "En rupture",
    low: "{threshold} unités ou moins",
    stockHint: "Produits sans variantes et variantes de produits actifs.",
    stockCaption: "Produits et variantes avec le moins de stock",
    ref: "Référence",
    product: "Produit",
    units: "Unités",
    noneLow: "Aucun produit avec peu de stock.",
    open: "Voir la liste",
  },
});

/** The server's links are paths under /admin; the router's basename adds it back. */
const to = (href: string) => href.replace(/^\/admin(?=\/|$)/, "") || "/";

function Figure({
  href,
  label,
  value,
  hint,
  tone = "plain",
}: {
  href: string;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: "plain" | "attention";
}) {
  return (
    <Link
      to={to(href)}
      className="group flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <span className={`text-3xl font-semibold tabular-nums ${tone === "attention" ? "text-amber-800" : "text-slate-900"}`}>{value}</span>
      {hint ? <span className="text-sm text-slate-600">{hint}</span> : null}
    </Link>
  );
}

function StoreSection({ s, days }: { s: StoreFigures; days: number }) {
  const t = useT(messages);
  const lang = useLang();
  const after = s.aftersale.withdrawals + s.aftersale.returns + s.aftersale.incidents;
  return (
    <section aria-labelledby={`store-${s.store}`} className="mb-8">
      <h2 id={`store-${s.store}`} className="mb-3 text-lg font-semibold text-slate-900">
        {s.name} <span className="text-sm font-normal text-slate-600">({s.store})</span>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          href={s.today.href}
          label={t("today")}
          value={money(s.today.net, lang)}
          hint={
            <>
              {t("ordersPaid", { n: s.today.orders })}
              {s.today.refunds ? ` · ${t("refunds", { refunds: money(s.today.refunds, lang) })}` : ""}
            </>
          }
        />
        <Figure
          href={s.month.href}
          label={t("month")}
          value={money(s.month.net, lang)}
          hint={
            <>
              {t("ordersPaid", { n: s.month.orders })} · {t("gross", { gross: money(s.month.gross, lang) })}
              {s.month.refunds ? ` · ${t("refunds", { refunds: money(s.month.refunds, lang) })}` : ""}
            </>
          }
        />
        <Figure href={s.to_ship.href} label={t("toShip")} value={s.to_ship.count} hint={t("toShipHint")} tone={s.to_ship.count ? "attention" : "plain"} />
        <Figure
          href={s.transfers.href}
          label={t("transfers")}
          value={s.transfers.count}
          hint={t("transfersHint", { amount: money(s.transfers.amount, lang) })}
          tone={s.transfers.count ? "attention" : "plain"}
        />
        <Figure
          href={s.aftersale.href}
          label={t("aftersale")}
          value={after}
          hint={t("aftersaleHint", { w: s.aftersale.withdrawals, r: s.aftersale.returns, i: s.aftersale.incidents })}
          tone={after ? "attention" : "plain"}
        />
        <Figure
          href={s.quotations_expiring.href}
          label={t("quotations")}
          value={s.quotations_expiring.count}
          hint={t("quotationsHint", { days })}
          tone={s.quotations_expiring.count ? "attention" : "plain"}
        />
        <Figure href={s.invoices_href} label={t("invoices")} value={"→"} hint={t("open")} />
      </div>
    </section>
  );
}

export default function DashboardPage() {
  const t = useT(messages);
  const lang = useLang();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["admin", "dashboard"],
    queryFn: () => unwrap(api.GET("/api/admin/v1/dashboard/", { params: { query: {} } })),
    refetchInterval: 60_000,
  });
  const refresh = async () => {
    const fresh = await unwrap(api.GET("/api/admin/v1/dashboard/", { params: { query: { fresh: "1" } } }));
    qc.setQueryData(["admin", "dashboard"], fresh);
  };
  const d = q.data;
  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={d ? `${date(d.computed_at, lang)} · ${t("computed", { time: dateTime(d.computed_at, lang) })}` : t("subtitle")}
        actions={
          <Button variant="secondary" onClick={() => refresh().catch(() => q.refetch())} busy={q.isFetching}>
            {t("refresh")}
          </Button>
        }
      />
      <ErrorText error={q.error} />
      {q.isPending ? <Spinner label="…" /> : null}
      {d ? (
        <>
          {d.stores.map((s) => (
            <StoreSection key={s.store} s={s} days={d.quotation_days} />
          ))}
          <Card title={t("stock")}>
            <div className="mb-3 flex flex-wrap gap-6">
              <p>
                <span className="block text-sm text-slate-700">{t("out")}</span>
                <span className={`text-3xl font-semibold tabular-nums ${d.stock.out ? "text-red-800" : "text-slate-900"}`}>{d.stock.out}</span>
              </p>
              <p>
                <span className="block text-sm text-slate-700">{t("low", { threshold: d.low_stock_threshold })}</span>
                <span className="text-3xl font-semibold tabular-nums text-slate-900">{d.stock.low}</span>
              </p>
            </div>
            <p className="mb-3 text-sm text-slate-600">{t("stockHint")}</p>
            {d.stock.items.length ? (
              <div className="overflow-x-auto">
                <table className="min-w-full divide-y divide-slate-200 text-sm">
                  <caption className="sr-only">{t("stockCaption")}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="px-2 py-1 text-left font-semibold text-slate-700">
                        {t("ref")}
                      </th>
                      <th scope="col" className="px-2 py-1 text-left font-semibold text-slate-700">
                        {t("product")}
                      </th>
                      <th scope="col" className="px-2 py-1 text-right font-semibold text-slate-700">
                        {t("units")}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {d.stock.items.map((i) => (
                      <tr key={`${i.product_id}-${i.variant_id ?? ""}`}>
                        <td className="px-2 py-1 font-mono text-xs">{i.ref}</td>
                        <td className="px-2 py-1">{i.name}</td>
                        <td className={`px-2 py-1 text-right tabular-nums ${i.stock <= 0 ? "font-semibold text-red-800" : ""}`}>{i.stock}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t("noneLow")}</p>
            )}
          </Card>
        </>
      ) : null}
    </>
  );
}
