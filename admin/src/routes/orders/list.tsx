import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RowSelectionState } from "@tanstack/react-table";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api, download, unwrap } from "../../api/client";
import { type Column, DataTable } from "../../components/data-table";
import { Alert, Badge, Button, ErrorText, Field, PageHeader, Select } from "../../components/ui";
import { dateTime, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";
import {
  methodLabel,
  ORDER_STATUS_OPTIONS,
  orderStatusLabel,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  paymentLabel,
  SHIPPING_STATES,
  shippingLabel,
  statusTone,
} from "./labels";

type Paths = import("../../api/schema").paths;
type Row = Paths["/api/admin/v1/orders/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];
type BulkAnswer = Paths["/api/admin/v1/orders/bulk/status/"]["post"]["responses"]["200"]["content"]["application/json"];

/**
 * The URL parameters of this screen: the same names as GET /api/admin/v1/orders/ (other screens
 * link here with them: /admin/orders?status=400&payment=paid). Lists are comma-separated.
 */
export const FILTER_PARAMS = [
  "store",
  "status",
  "payment",
  "method",
  "shipping",
  "from",
  "to",
  "professional",
  "installation",
  "coupon",
  "q",
  "sort",
  "dir",
] as const;
type FilterKey = (typeof FILTER_PARAMS)[number];
const MULTI: FilterKey[] = ["store", "status", "payment", "method", "shipping"];

const messages = defineMessages({
  es: {
    title: "Pedidos",
    subtitle: "Pedidos y presupuestos de las dos tiendas. Las fechas son días de Madrid.",
    search: "Buscar (número, referencia de pago, email, nombre, teléfono, código postal, referencia de producto)",
    searchButton: "Buscar",
    filters: "Filtros",
    hideFilters: "Ocultar filtros",
    store: "Tienda",
    status: "Estado",
    payment: "Pago",
    method: "Método de pago",
    shipping: "Envío",
    from: "Desde",
    to: "Hasta",
    professional: "Profesional",
    installation: "Con instalación",
    coupon: "Cupón",
    any: "Cualquiera",
    yes: "Sí",
    no: "No",
    apply: "Aplicar filtros",
    clear: "Quitar filtros",
    caption: "Pedidos que cumplen los filtros",
    number: "Pedido",
    date: "Fecha",
    customer: "Cliente",
    items: "Artículos",
    total: "Total",
    pro: "Profesional",
    inst: "Instalación",
    more: "Cargar más",
    none: "Ningún pedido cumple estos filtros.",
    count: "{count} pedidos",
    countOne: "1 pedido",
    countMore: "Más de {count} pedidos",
    sortBy: "Ordenar por {column}",
    views: "Vistas guardadas",
    pickView: "Elegir una vista",
    viewName: "Nombre de la vista",
    saveView: "Guardar vista",
    deleteView: "Borrar la vista elegida",
    selected: "{count} seleccionados",
    allMatching: "Aplicar a todos los que cumplen el filtro (máx. 1.000)",
    bulkStatus: "Cambiar estado a",
    bulkApply: "Aplicar",
    exportCsv: "Exportar CSV",
    slips: "Imprimir albaranes",
    mail: "Reenviar email",
    mailConfirmation: "Confirmación del pedido",
    mailTransfer: "Datos de la transferencia",
    mailPaid: "Pago recibido",
    resultTitle: "Resultado: {ok} correctos, {failed} con error",
    close: "Cerrar",
    chooseAction: "Elige…",
  },
  fr: {
    title: "Commandes",
    subtitle: "Commandes et devis des deux boutiques. Les dates sont des jours de Madrid.",
    search: "Rechercher (numéro, référence de paiement, e-mail, nom, téléphone, code postal, référence produit)",
    searchButton: "Rechercher",
    filters: "Filtres",
    hideFilters: "Masquer les filtres",
    store: "Boutique",
    status: "Statut",
    payment: "Paiement",
    method: "Moyen de paiement",
    shipping: "Expédition",
    from: "Du",
    to: "Au",
    professional: "Professionnel",
    installation: "Avec installation",
    coupon: "Code promo",
    any: "Tous",
    yes: "Oui",
    no: "Non",
    apply: "Appliquer les filtres",
    clear: "Effacer les filtres",
    caption: "Commandes correspondant aux filtres",
    number: "Commande",
    date: "Date",
    customer: "Client",
    items: "Articles",
    total: "Total",
    pro: "Professionnel",
    inst: "Installation",
    more: "Charger plus",
    none: "Aucune commande ne correspond à ces filtres.",
    count: "{count} commandes",
    countOne: "1 commande",
    countMore: "Plus de {count} commandes",
    sortBy: "Trier par {column}",
    views: "Vues enregistrées",
    pickView: "Choisir une vue",
    viewName: "Nom de la vue",
    saveView: "Enregistrer la vue",
    deleteView: "Supprimer la vue choisie",
    selected: "{count} sélectionnées",
    allMatching: "Appliquer à toutes celles du filtre (max. 1 000)",
    bulkStatus: "Passer au statut",
    bulkApply: "Appliquer",
    exportCsv: "Exporter en CSV",
    slips: "Imprimer les bons de préparation",
    mail: "Renvoyer un e-mail",
    mailConfirmation: "Confirmation de commande",
    mailTransfer: "Coordonnées du virement",
    mailPaid: "Paiement reçu",
    resultTitle: "Résultat : {ok} réussies, {failed} en erreur",
    close: "Fermer",
    chooseAction: "Choisir…",
  },
});

function filtersOf(params: URLSearchParams): Partial<Record<FilterKey, string>> {
  const out: Partial<Record<FilterKey, string>> = {};
  for (const k of FILTER_PARAMS) {
    const all = params.getAll(k).filter(Boolean);
    if (all.length) out[k] = all.join(",");
  }
  return out;
}

/** The API's filter body of a bulk action on "all matching" (lists as arrays, booleans as booleans). */
function filterBody(f: Partial<Record<FilterKey, string>>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (!v) continue;
    if (MULTI.includes(k as FilterKey)) out[k] = k === "status" ? v.split(",").map(Number) : v.split(",");
    else if (k === "professional" || k === "installation") out[k] = v === "true";
    else out[k] = v;
  }
  return out;
}

function Checks({ name, label, options, selected }: { name: FilterKey; label: string; options: { value: string; label: string }[]; selected: Set<string> }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-1 text-sm text-slate-800">
            <input type="checkbox" name={name} value={o.value} defaultChecked={selected.has(o.value)} className="h-4 w-4" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function OrdersList() {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [allMatching, setAllMatching] = useState(false);
  const [result, setResult] = useState<BulkAnswer | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const list = useInfiniteQuery({
    queryKey: ["admin", "orders", filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => unwrap(api.GET("/api/admin/v1/orders/", { params: { query: { ...filters, after: pageParam, limit: 50 } as never } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const first = list.data?.pages[0];

  const views = useQuery({
    queryKey: ["admin", "views", "orders"],
    queryFn: () => unwrap(api.GET("/api/admin/v1/views/", { params: { query: { screen: "orders" } } })),
  });
  const saveView = useMutation({
    mutationFn: (name: string) => unwrap(api.PUT("/api/admin/v1/views/", { body: { screen: "orders", name, params: filters } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin", "views", "orders"] }),
  });
  const deleteView = useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE("/api/admin/v1/views/{id}/", { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin", "views", "orders"] }),
  });
  const [viewId, setViewId] = useState("");

  const setFilters = (next: Partial<Record<FilterKey, string>>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    setParams(p);
    setSelection({});
    setAllMatching(false);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const next: Partial<Record<FilterKey, string>> = { sort: filters.sort, dir: filters.dir };
    for (const k of FILTER_PARAMS) {
      if (k === "sort" || k === "dir") continue;
      const values = f
        .getAll(k)
        .map((v) => String(v).trim())
        .filter(Boolean);
      if (values.length) next[k] = values.join(",");
    }
    setFilters(next);
  };
  const sortBy = (key: "date" | "total" | "number") => {
    const dir = filters.sort === key || (!filters.sort && key === "date") ? (filters.dir === "asc" ? "desc" : "asc") : "desc";
    setFilters({ ...filters, sort: key, dir });
  };
  const sortMark = (key: string) => ((filters.sort ?? "date") === key ? ((filters.dir ?? "desc") === "asc" ? " ↑" : " ↓") : "");
  const sortHeader = (k: "date" | "total" | "number", label: string) => (
    <button type="button" className="uppercase underline-offset-2 hover:underline" onClick={() => sortBy(k)} aria-label={t("sortBy", { column: label })}>
      {label}
      {sortMark(k)}
    </button>
  );

  const selectedIds = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const target = allMatching ? { filter: filterBody(filters) } : { ids: selectedIds };
  const hasTarget = allMatching || selectedIds.length > 0;

  async function run(name: string, fn: () => Promise<unknown>) {
    setBusy(name);
    setActionError(null);
    try {
      await fn();
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(null);
    }
  }
  const bulkStatus = (status: 450 | 500) =>
    run("status", async () => {
      setResult(await unwrap(api.POST("/api/admin/v1/orders/bulk/status/", { body: { target: target as never, status } })));
      await qc.invalidateQueries({ queryKey: ["admin", "orders"] });
    });
  const bulkMail = (kind: "confirmation" | "transfer" | "paid") =>
    run("mail", async () => setResult(await unwrap(api.POST("/api/admin/v1/orders/bulk/mail/", { body: { target: target as never, kind } }))));
  const bulkFile = (path: "export" | "packing-slips") =>
    run(path, () =>
      download(`/api/admin/v1/orders/bulk/${path}/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ target }) }),
    );

  const columns: Column<Row>[] = [
    {
      id: "number",
      header: () => sortHeader("number", t("number")),
      cell: ({ row }) => (
        <Link className="font-medium text-brand-700 underline" to={`/orders/${row.original.id}`}>
          {row.original.order_number}
        </Link>
      ),
    },
    {
      id: "date",
      header: () => sortHeader("date", t("date")),
      cell: ({ row }) => <span className="whitespace-nowrap">{dateTime(row.original.date, lang)}</span>,
    },
    { id: "store", header: t("store"), cell: ({ row }) => row.original.store },
    {
      id: "customer",
      header: t("customer"),
      cell: ({ row }) => (
        <div>
          <p className="text-slate-900">
            {row.original.customer_name}
            {row.original.professional ? (
              <>
                {" "}
                <Badge tone="violet">{t("pro")}</Badge>
              </>
            ) : null}
          </p>
          <p className="text-xs text-slate-600">{row.original.email}</p>
        </div>
      ),
    },
    {
      id: "status",
      header: t("status"),
      cell: ({ row }) => <Badge tone={statusTone(row.original.status)}>{orderStatusLabel(row.original.status, lang)}</Badge>,
    },
    {
      id: "payment",
      header: t("payment"),
      cell: ({ row }) => (
        <div className="whitespace-nowrap">
          <p>{methodLabel(row.original.payment_method, lang)}</p>
          <p className="text-xs text-slate-600">{paymentLabel(row.original.payment_state, lang)}</p>
        </div>
      ),
    },
    { id: "shipping", header: t("shipping"), cell: ({ row }) => shippingLabel(row.original.shipping_state, lang) },
    { id: "items", header: t("items"), cell: ({ row }) => row.original.items },
    {
      id: "total",
      header: () => sortHeader("total", t("total")),
      cell: ({ row }) => <span className="whitespace-nowrap">{money(row.original.total, lang)}</span>,
    },
    { id: "inst", header: t("inst"), cell: ({ row }) => (row.original.has_installation ? t("yes") : "—") },
  ];

  const multi = (k: FilterKey) => new Set((filters[k] ?? "").split(",").filter(Boolean));

  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={
          first?.count !== undefined
            ? first.count_capped
              ? t("countMore", { count: first.count })
              : first.count === 1
                ? t("countOne")
                : t("count", { count: first.count })
            : t("subtitle")
        }
      />
      <form onSubmit={submit} className="mb-4 rounded-lg border border-slate-200 bg-white p-4" key={params.toString()}>
        <div className="flex flex-wrap items-end gap-2">
          <Field className="min-w-[16rem] flex-1" label={t("search")} name="q" type="search" defaultValue={filters.q} maxLength={100} />
          <Button type="submit">{t("searchButton")}</Button>
          <Button variant="secondary" aria-expanded={open} aria-controls="order-filters" onClick={() => setOpen(!open)}>
            {open ? t("hideFilters") : t("filters")}
          </Button>
        </div>
        <div id="order-filters" hidden={!open} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Checks name="store" selected={multi("store")} label={t("store")} options={["ESDB", "FRDB"].map((s) => ({ value: s, label: s }))} />
          <Checks
            name="status"
            selected={multi("status")}
            label={t("status")}
            options={ORDER_STATUS_OPTIONS.map((s) => ({ value: String(s), label: orderStatusLabel(s, lang) }))}
          />
          <Checks
            name="payment"
            selected={multi("payment")}
            label={t("payment")}
            options={PAYMENT_STATES.map((s) => ({ value: s, label: paymentLabel(s, lang) }))}
          />
          <Checks
            name="method"
            selected={multi("method")}
            label={t("method")}
            options={PAYMENT_METHODS.map((s) => ({ value: s, label: methodLabel(s, lang) }))}
          />
          <Checks
            name="shipping"
            selected={multi("shipping")}
            label={t("shipping")}
            options={SHIPPING_STATES.map((s) => ({ value: s, label: shippingLabel(s, lang) }))}
          />
          <div className="grid grid-cols-2 gap-2">
            <Field label={t("from")} name="from" type="date" defaultValue={filters.from} />
            <Field label={t("to")} name="to" type="date" defaultValue={filters.to} />
          </div>
          <Select label={t("professional")} name="professional" defaultValue={filters.professional ?? ""}>
            <option value="">{t("any")}</option>
            <option value="true">{t("yes")}</option>
            <option value="false">{t("no")}</option>
          </Select>
          <Select label={t("installation")} name="installation" defaultValue={filters.installation ?? ""}>
            <option value="">{t("any")}</option>
            <option value="true">{t("yes")}</option>
            <option value="false">{t("no")}</option>
          </Select>
          <Field label={t("coupon")} name="coupon" defaultValue={filters.coupon} maxLength={50} />
          <div className="flex items-end gap-2">
            <Button type="submit">{t("apply")}</Button>
            <Button variant="ghost" onClick={() => setFilters({})}>
              {t("clear")}
            </Button>
          </div>
        </div>
      </form>

      <section aria-label={t("views")} className="mb-4 flex flex-wrap items-end gap-2">
        <Select
          label={t("views")}
          value={viewId}
          onChange={(e) => {
            setViewId(e.target.value);
            const v = views.data?.results.find((x) => String(x.id) === e.target.value);
            if (v) setFilters(Object.fromEntries(Object.entries(v.params).map(([k, x]) => [k, Array.isArray(x) ? x.join(",") : String(x)])));
          }}
        >
          <option value="">{t("pickView")}</option>
          {views.data?.results.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </Select>
        {viewId ? (
          <Button variant="ghost" onClick={() => deleteView.mutate(Number(viewId), { onSuccess: () => setViewId("") })} busy={deleteView.isPending}>
            {t("deleteView")}
          </Button>
        ) : null}
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const name = String(new FormData(e.currentTarget).get("name") ?? "").trim();
            if (name) saveView.mutate(name);
          }}
        >
          <Field label={t("viewName")} name="name" maxLength={60} required />
          <Button type="submit" variant="secondary" busy={saveView.isPending}>
            {t("saveView")}
          </Button>
        </form>
        <ErrorText error={views.error ?? saveView.error ?? deleteView.error} />
      </section>

      {hasTarget || rows.length ? (
        <div
          className="mb-3 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
          role="region"
          aria-label={t("selected", { count: selectedIds.length })}
        >
          <p className="text-sm text-slate-800">{t("selected", { count: allMatching ? (first?.count ?? 0) : selectedIds.length })}</p>
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" checked={allMatching} onChange={(e) => setAllMatching(e.target.checked)} />
            {t("allMatching")}
          </label>
          {can("orders.write") ? (
            <>
              <Select
                label={t("bulkStatus")}
                value=""
                disabled={!hasTarget || busy !== null}
                onChange={(e) => e.target.value && bulkStatus(Number(e.target.value) as 450 | 500)}
              >
                <option value="">{t("chooseAction")}</option>
                <option value="450">{orderStatusLabel(450, lang)}</option>
                <option value="500">{orderStatusLabel(500, lang)}</option>
              </Select>
              <Select
                label={t("mail")}
                value=""
                disabled={!hasTarget || busy !== null}
                onChange={(e) => e.target.value && bulkMail(e.target.value as "confirmation")}
              >
                <option value="">{t("chooseAction")}</option>
                <option value="confirmation">{t("mailConfirmation")}</option>
                <option value="transfer">{t("mailTransfer")}</option>
                <option value="paid">{t("mailPaid")}</option>
              </Select>
              <Button variant="secondary" disabled={!hasTarget} busy={busy === "packing-slips"} onClick={() => bulkFile("packing-slips")}>
                {t("slips")}
              </Button>
            </>
          ) : null}
          {can("orders.export") ? (
            <Button variant="secondary" disabled={!hasTarget} busy={busy === "export"} onClick={() => bulkFile("export")}>
              {t("exportCsv")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ErrorText error={actionError} />
      {result ? (
        <div role="dialog" aria-modal="false" aria-labelledby="bulk-result-title" className="mb-4 rounded-lg border border-slate-300 bg-white p-4 shadow">
          <h2 id="bulk-result-title" className="font-semibold text-slate-900">
            {t("resultTitle", { ok: result.ok, failed: result.failed })}
          </h2>
          {result.failed ? (
            <ul className="mt-2 max-h-64 list-disc overflow-auto pl-5 text-sm text-red-900">
              {result.results
                .filter((r) => !r.ok)
                .map((r) => (
                  <li key={r.id}>
                    <Link to={`/orders/${r.id}`} className="underline">
                      {r.order_number ?? `#${r.id}`}
                    </Link>
                    : {r.message ?? r.code}
                  </li>
                ))}
            </ul>
          ) : (
            <Alert tone="success">{t("resultTitle", { ok: result.ok, failed: 0 })}</Alert>
          )}
          <Button className="mt-3" variant="secondary" onClick={() => setResult(null)}>
            {t("close")}
          </Button>
        </div>
      ) : null}

      <ErrorText error={list.error} />
      <DataTable
        caption={t("caption")}
        columns={columns}
        data={rows}
        rowId={(r) => String(r.id)}
        rowLabel={(r) => r.order_number}
        selection={selection}
        onSelectionChange={setSelection}
        empty={list.isPending ? "…" : t("none")}
      />
      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => list.fetchNextPage()} busy={list.isFetchingNextPage}>
            {t("more")}
          </Button>
        </div>
      ) : null}
    </>
  );
}
