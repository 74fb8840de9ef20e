import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api, download, unwrap } from "../../api/client";
import { type Column, DataTable } from "../../components/data-table";
import { Alert, Badge, Button, Card, ErrorText, Field, PageHeader, Select } from "../../components/ui";
import { date, madridToday, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";
import { messages as shared } from "./messages";

type Paths = import("../../api/schema").paths;
type Row = Paths["/api/admin/v1/invoices/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];
type Report = Paths["/api/admin/v1/invoices/verify/"]["post"]["responses"]["200"]["content"]["application/json"];
const FILTERS = ["store", "series", "from", "to", "q"] as const;

const messages = defineMessages({
  es: {
    ...shared.es,
    title: "Facturas",
    subtitle:
      "Facturas y rectificativas de las dos tiendas, las más recientes primero. Los documentos emitidos no se modifican: se corrigen con una rectificativa.",
    search: "Buscar (número, pedido, NIF o nombre)",
    filter: "Filtrar",
    clear: "Quitar filtros",
    more: "Cargar más",
    caption: "Facturas y rectificativas, las más recientes primero",
    none: "Ningún documento con estos filtros.",
    exportTitle: "Exportación para la gestoría",
    exportHint: "Un CSV por periodo (días de Madrid, ambos incluidos): una línea por documento, base e IVA por tipo, rectificada y huella VERI*FACTU.",
    exportButton: "Descargar CSV",
    exportNeedsPeriod: "Indica las fechas desde y hasta.",
    verifyTitle: "Cadena VERI*FACTU y numeración",
    verifyHint: "Comprueba que cada serie no tiene huecos ni duplicados y que cada huella y su encadenamiento son correctos. Queda registrado.",
    verifyButton: "Verificar la cadena",
    verifyOk: "Todo correcto: sin huecos, sin duplicados y la cadena está intacta.",
    verifyBroken: "Se han encontrado problemas",
    verifyCaption: "Resultado por tienda y serie",
    seriesCol: "Serie",
    year: "Año",
    documents: "Documentos",
    range: "Números",
    records: "Registros",
    result: "Resultado",
    intact: "Intacta",
    gaps: "Faltan {n}",
    dups: "Repetidos {n}",
    brokenAt: "Rota en {number} ({reason})",
    reason_link: "enlace",
    reason_previous_hash: "huella anterior",
    reason_fingerprint: "huella",
  },
  fr: {
    ...shared.fr,
    title: "Factures",
    subtitle: "Factures et avoirs des deux boutiques, les plus récents d'abord. Un document émis ne se modifie pas : il se corrige par un avoir.",
    search: "Rechercher (numéro, commande, n° fiscal ou nom)",
    filter: "Filtrer",
    clear: "Effacer les filtres",
    more: "Charger plus",
    caption: "Factures et avoirs, les plus récents d'abord",
    none: "Aucun document avec ces filtres.",
    exportTitle: "Export pour le comptable",
    exportHint: "Un CSV par période (jours de Madrid, inclus) : une ligne par document, base et TVA par taux, facture rectifiée et empreinte VERI*FACTU.",
    exportButton: "Télécharger le CSV",
    exportNeedsPeriod: "Indiquez les dates de début et de fin.",
    verifyTitle: "Chaîne VERI*FACTU et numérotation",
    verifyHint: "Vérifie que chaque série n'a ni trou ni doublon et que chaque empreinte et son chaînage sont corrects. L'action est journalisée.",
    verifyButton: "Vérifier la chaîne",
    verifyOk: "Tout est correct : ni trou, ni doublon, la chaîne est intacte.",
    verifyBroken: "Des problèmes ont été trouvés",
    verifyCaption: "Résultat par boutique et série",
    seriesCol: "Série",
    year: "Année",
    documents: "Documents",
    range: "Numéros",
    records: "Enregistrements",
    result: "Résultat",
    intact: "Intacte",
    gaps: "Manquent {n}",
    dups: "En double {n}",
    brokenAt: "Rompue à {number} ({reason})",
    reason_link: "lien",
    reason_previous_hash: "empreinte précédente",
    reason_fingerprint: "empreinte",
  },
});

function VerifyResult({ report }: { report: Report }) {
  const t = useT(messages);
  return (
    <div className="mt-3 flex flex-col gap-3">
      {report.ok ? (
        <Alert tone="success">{t("verifyOk")}</Alert>
      ) : (
        <Alert tone="error" title={t("verifyBroken")}>
          <ul className="list-disc pl-5">
            {report.problems.slice(0, 10).map((p) => (
              <li key={p} className="break-all">
                {p}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("verifyCaption")}</caption>
          <thead>
            <tr>
              {[t("store"), t("seriesCol"), t("year"), t("documents"), t("range"), t("records"), t("result")].map((h) => (
                <th key={h} scope="col" className="px-2 py-1 text-left font-semibold text-slate-700">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.series.map((s) => {
              const bad = s.broken || s.gaps.length || s.duplicates.length;
              return (
                <tr key={`${s.store}-${s.series}-${s.year}`}>
                  <td className="px-2 py-1">{s.store}</td>
                  <td className="px-2 py-1">{s.series === "R" ? t("seriesR") : t("seriesF")}</td>
                  <td className="px-2 py-1 tabular-nums">{s.year}</td>
                  <td className="px-2 py-1 tabular-nums">{s.documents}</td>
                  <td className="px-2 py-1 tabular-nums">
                    {s.first}–{s.last}
                  </td>
                  <td className="px-2 py-1 tabular-nums">{s.records}</td>
                  <td className="px-2 py-1">
                    {bad ? (
                      <span className="flex flex-wrap gap-1">
                        {s.broken ? <Badge tone="red">{t("brokenAt", { number: s.broken.number, reason: t(`reason_${s.broken.reason}`) })}</Badge> : null}
                        {s.gaps.length ? <Badge tone="red">{t("gaps", { n: s.gaps.slice(0, 5).join(", ") })}</Badge> : null}
                        {s.duplicates.length ? <Badge tone="red">{t("dups", { n: s.duplicates.slice(0, 5).join(", ") })}</Badge> : null}
                      </span>
                    ) : (
                      <Badge tone="green">{t("intact")}</Badge>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default function InvoicesPage() {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(FILTERS.filter((k) => params.get(k)).map((k) => [k, params.get(k)!])) as Partial<Record<(typeof FILTERS)[number], string>>;
  const [exportError, setExportError] = useState<unknown>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const list = useInfiniteQuery({
    queryKey: ["admin", "invoices", query],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => unwrap(api.GET("/api/admin/v1/invoices/", { params: { query: { ...query, before: pageParam, limit: 50 } as never } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const verify = useMutation({ mutationFn: () => unwrap(api.POST("/api/admin/v1/invoices/verify/", { body: {} })) });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];

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
  const exportCsv = () => {
    setExportError(null);
    setExportNote(null);
    if (!query.from || !query.to) {
      setExportNote(t("exportNeedsPeriod"));
      return;
    }
    const q = new URLSearchParams({ from: query.from, to: query.to });
    if (query.store) q.set("store", query.store);
    if (query.series) q.set("series", query.series);
    download(`/api/admin/v1/invoices/export.csv?${q}`).catch(setExportError);
  };

  const columns: Column<Row>[] = [
    {
      id: "number",
      header: t("number"),
      cell: ({ row }) => (
        <Link className="font-medium text-brand-700 underline whitespace-nowrap" to={`/invoices/${row.original.id}`}>
          {row.original.number}
        </Link>
      ),
    },
    {
      id: "kind",
      header: t("kind"),
      cell: ({ row }) => (
        <Badge
          tone={row.original.kind === "credit_note" ? "violet" : "blue"}
        >{`${t(row.original.kind === "credit_note" ? "creditNote" : "invoice")} ${row.original.type}`}</Badge>
      ),
    },
    { id: "date", header: t("date"), cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.issued_at, lang)}</span> },
    {
      id: "order",
      header: t("order"),
      cell: ({ row }) => (
        <Link className="text-brand-700 underline" to={`/orders/${row.original.order.id}`}>
          {row.original.order.number}
        </Link>
      ),
    },
    {
      id: "customer",
      header: t("customer"),
      cell: ({ row }) => (
        <div>
          <p className="text-slate-900">{row.original.customer.name}</p>
          {row.original.customer.tax_id ? <p className="text-xs text-slate-600">{row.original.customer.tax_id}</p> : null}
        </div>
      ),
    },
    { id: "base", header: t("base"), cell: ({ row }) => <span className="tabular-nums whitespace-nowrap">{money(row.original.base, lang)}</span> },
    { id: "vat", header: t("vat"), cell: ({ row }) => <span className="tabular-nums whitespace-nowrap">{money(row.original.vat, lang)}</span> },
    {
      id: "total",
      header: t("total"),
      cell: ({ row }) => <span className="font-medium tabular-nums whitespace-nowrap">{money(row.original.total, lang)}</span>,
    },
    {
      id: "verifactu",
      header: "VERI*FACTU",
      cell: ({ row }) =>
        row.original.verifactu_status ? (
          <Badge tone={row.original.verifactu_status === "rejected" ? "red" : row.original.verifactu_status === "accepted" ? "green" : "amber"}>
            {t(`status_${row.original.verifactu_status}` as "status_pending")}
          </Badge>
        ) : (
          <span className="text-slate-600">—</span>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <form onSubmit={submit} className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6" key={params.toString()}>
        <Select label={t("store")} name="store" defaultValue={query.store ?? ""}>
          <option value="">{t("allStores")}</option>
          <option value="ESDB">ESDB · España</option>
          <option value="FRDB">FRDB · France</option>
        </Select>
        <Select label={t("series")} name="series" defaultValue={query.series ?? ""}>
          <option value="">{t("allSeries")}</option>
          <option value="F">{t("seriesF")}</option>
          <option value="R">{t("seriesR")}</option>
        </Select>
        <Field label={t("from")} name="from" type="date" defaultValue={query.from} max={madridToday()} />
        <Field label={t("to")} name="to" type="date" defaultValue={query.to} />
        <Field label={t("search")} name="q" type="search" defaultValue={query.q} maxLength={100} className="lg:col-span-2" />
        <div className="flex items-end gap-2 lg:col-span-6">
          <Button type="submit">{t("filter")}</Button>
          <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
            {t("clear")}
          </Button>
        </div>
      </form>

      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        {can("invoices.export") ? (
          <Card title={t("exportTitle")}>
            <p className="mb-3 text-sm text-slate-700">{t("exportHint")}</p>
            <p className="mb-3 text-sm text-slate-900">
              {query.store ?? t("allStores")} · {query.series ? (query.series === "R" ? t("seriesR") : t("seriesF")) : t("allSeries")} · {query.from ?? "—"} →{" "}
              {query.to ?? "—"}
            </p>
            <Button variant="secondary" onClick={exportCsv}>
              {t("exportButton")}
            </Button>
            {exportNote ? (
              <div className="mt-3">
                <Alert tone="warning">{exportNote}</Alert>
              </div>
            ) : null}
          </Card>
        ) : null}
        <Card title={t("verifyTitle")}>
          <p className="mb-3 text-sm text-slate-700">{t("verifyHint")}</p>
          <Button variant="secondary" onClick={() => verify.mutate()} busy={verify.isPending}>
            {t("verifyButton")}
          </Button>
          <ErrorText error={verify.error} />
          {verify.data ? <VerifyResult report={verify.data} /> : null}
        </Card>
      </div>

      <ErrorText error={list.error ?? exportError} />
      <DataTable caption={t("caption")} columns={columns} data={rows} rowId={(r) => String(r.id)} empty={list.isPending ? "…" : t("none")} />
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
