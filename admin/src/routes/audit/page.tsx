import { useInfiniteQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api, download, unwrap } from "../../api/client";
import { type Column, DataTable } from "../../components/data-table";
import { Button, ErrorText, Field, PageHeader } from "../../components/ui";
import { dateTime } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

type Paths = import("../../api/schema").paths;
type Entry = Paths["/api/admin/v1/audit/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];
const FILTERS = ["staff_email", "entity_type", "entity_id", "action", "order_id", "from", "to"] as const;

const messages = defineMessages({
  es: {
    title: "Registro de cambios",
    subtitle: "Cada cambio hecho desde el panel: quién, cuándo, desde dónde, qué había antes y qué hay después. No se puede modificar ni borrar.",
    person: "Persona (email)",
    entity: "Entidad (order, staff, coupon…)",
    entityId: "Id de la entidad",
    action: "Acción (empieza por)",
    order: "Pedido (id)",
    from: "Desde",
    to: "Hasta",
    filter: "Filtrar",
    clear: "Quitar filtros",
    export: "Exportar CSV",
    more: "Cargar más",
    caption: "Entradas del registro, las más recientes primero",
    when: "Fecha",
    who: "Quién",
    what: "Acción",
    on: "Sobre",
    change: "Antes → después",
    request: "Petición",
    none: "Ninguna entrada con estos filtros.",
    before: "Antes",
    after: "Después",
  },
  fr: {
    title: "Journal des modifications",
    subtitle: "Chaque modification faite depuis l'administration : qui, quand, d'où, avant et après. Impossible à modifier ou supprimer.",
    person: "Personne (e-mail)",
    entity: "Entité (order, staff, coupon…)",
    entityId: "Id de l'entité",
    action: "Action (commence par)",
    order: "Commande (id)",
    from: "Du",
    to: "Au",
    filter: "Filtrer",
    clear: "Effacer les filtres",
    export: "Exporter en CSV",
    more: "Charger plus",
    caption: "Entrées du journal, les plus récentes d'abord",
    when: "Date",
    who: "Qui",
    what: "Action",
    on: "Sur",
    change: "Avant → après",
    request: "Requête",
    none: "Aucune entrée avec ces filtres.",
    before: "Avant",
    after: "Après",
  },
});

/** Only the keys whose value changed, so a long record reads as the change it was. */
function diff(before: unknown, after: unknown): { key: string; before: unknown; after: unknown }[] {
  const b = before && typeof before === "object" ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === "object" ? (after as Record<string, unknown>) : {};
  if (!before && !after) return [];
  if (typeof before !== "object" || typeof after !== "object" || !before || !after) return [{ key: "", before, after }];
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ key: k, before: b[k], after: a[k] }));
}
const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

export default function AuditPage() {
  const t = useT(messages);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(FILTERS.filter((k) => params.get(k)).map((k) => [k, params.get(k)!]));
  const [exportError, setExportError] = useState<unknown>(null);
  const log = useInfiniteQuery({
    queryKey: ["admin", "audit", query],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET("/api/admin/v1/audit/", {
          params: { query: { ...query, ...(query.order_id ? { order_id: Number(query.order_id) } : {}), before: pageParam, limit: 50 } as never },
        }),
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = log.data?.pages.flatMap((p) => p.results) ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of FILTERS) {
      const v = String(f.get(k) ?? "").trim();
      if (v) next.set(k, v);
    }
    setParams(next);
  };
  const columns: Column<Entry>[] = [
    { id: "at", header: t("when"), cell: ({ row }) => <span className="whitespace-nowrap">{dateTime(row.original.at, lang)}</span> },
    {
      id: "who",
      header: t("who"),
      cell: ({ row }) => (
        <div>
          <p className="text-slate-900">{row.original.staff_email}</p>
          <p className="text-xs text-slate-600">
            {row.original.staff_role} · {row.original.ip}
          </p>
        </div>
      ),
    },
    { id: "what", header: t("what"), cell: ({ row }) => <code className="text-xs">{row.original.action}</code> },
    {
      id: "on",
      header: t("on"),
      cell: ({ row }) =>
        row.original.order_id ? (
          <Link className="text-brand-700 underline" to={`/orders/${row.original.order_id}`}>
            {row.original.entity_type} {row.original.entity_id}
          </Link>
        ) : (
          `${row.original.entity_type} ${row.original.entity_id}`
        ),
    },
    {
      id: "change",
      header: t("change"),
      cell: ({ row }) => (
        <ul className="max-w-md text-xs">
          {diff(row.original.before, row.original.after)
            .slice(0, 8)
            .map((d) => (
              <li key={d.key} className="break-words">
                {d.key ? <span className="font-medium">{d.key}: </span> : null}
                <span className="text-red-800 line-through decoration-red-800/60">{show(d.before)}</span> →{" "}
                <span className="text-green-900">{show(d.after)}</span>
              </li>
            ))}
        </ul>
      ),
    },
    { id: "req", header: t("request"), cell: ({ row }) => <code className="text-xs text-slate-600">{row.original.request_id.slice(0, 8)}</code> },
  ];
  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <Button variant="secondary" onClick={() => download(`/api/admin/v1/audit/export.csv?${new URLSearchParams(query)}`).catch(setExportError)}>
            {t("export")}
          </Button>
        }
      />
      <form onSubmit={submit} className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" key={params.toString()}>
        <Field label={t("person")} name="staff_email" type="email" defaultValue={query.staff_email} />
        <Field label={t("entity")} name="entity_type" defaultValue={query.entity_type} />
        <Field label={t("entityId")} name="entity_id" defaultValue={query.entity_id} />
        <Field label={t("action")} name="action" defaultValue={query.action} />
        <Field label={t("order")} name="order_id" inputMode="numeric" defaultValue={query.order_id} />
        <Field label={t("from")} name="from" type="date" defaultValue={query.from} />
        <Field label={t("to")} name="to" type="date" defaultValue={query.to} />
        <div className="flex items-end gap-2">
          <Button type="submit">{t("filter")}</Button>
          <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
            {t("clear")}
          </Button>
        </div>
      </form>
      <ErrorText error={log.error ?? exportError} />
      <DataTable caption={t("caption")} columns={columns} data={rows} rowId={(r) => String(r.id)} empty={log.isPending ? "…" : t("none")} />
      {log.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => log.fetchNextPage()} busy={log.isFetchingNextPage}>
            {t("more")}
          </Button>
        </div>
      ) : null}
    </>
  );
}
