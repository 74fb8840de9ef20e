import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { api, download, unwrap } from "../../api/client";
import { type Column, DataTable } from "../../components/data-table";
import { Badge, Button, ErrorText, Field, PageHeader } from "../../components/ui";
import { dateTime } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";

type Paths = import("../../api/schema").paths;
type Row = Paths["/api/admin/v1/newsletter/subscribers/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];

const messages = defineMessages({
  es: {
    title: "Suscriptores de la newsletter",
    subtitle: "Quién se ha suscrito, en qué tienda, desde qué formulario y cuándo dio su consentimiento.",
    search: "Email (o parte)",
    filter: "Buscar",
    export: "Exportar CSV",
    caption: "Suscriptores, los más recientes primero",
    email: "Email",
    name: "Nombre",
    store: "Tienda",
    source: "Origen",
    status: "Estado",
    consent: "Consentimiento",
    actions: "Acciones",
    unsubscribe: "Dar de baja",
    confirm: "¿Dar de baja a {email}?",
    subscribed: "Suscrito",
    welcome_pending: "Bienvenida pendiente",
    unconfirmed: "Sin confirmar (enlace enviado)",
    more: "Cargar más",
    none: "Ningún suscriptor con estos filtros.",
  },
  fr: {
    title: "Abonnés à la newsletter",
    subtitle: "Qui s'est abonné, sur quelle boutique, depuis quel formulaire et quand il a donné son consentement.",
    search: "E-mail (ou partie)",
    filter: "Rechercher",
    export: "Exporter en CSV",
    caption: "Abonnés, les plus récents d'abord",
    email: "E-mail",
    name: "Nom",
    store: "Boutique",
    source: "Origine",
    status: "Statut",
    consent: "Consentement",
    actions: "Actions",
    unsubscribe: "Désabonner",
    confirm: "Désabonner {email} ?",
    subscribed: "Abonné",
    welcome_pending: "Bienvenue en attente",
    unconfirmed: "Non confirmé (lien envoyé)",
    more: "Charger plus",
    none: "Aucun abonné avec ces filtres.",
  },
});

export default function NewsletterPage() {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [exportError, setExportError] = useState<unknown>(null);
  const list = useInfiniteQuery({
    queryKey: ["admin", "subscribers", q],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(api.GET("/api/admin/v1/newsletter/subscribers/", { params: { query: { ...(q ? { q } : {}), before: pageParam, limit: 50 } } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const unsubscribe = useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE("/api/admin/v1/newsletter/subscribers/{id}/", { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin", "subscribers"] }),
  });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = String(new FormData(e.currentTarget).get("q") ?? "").trim();
    setParams(v ? { q: v } : {});
  };
  const columns: Column<Row>[] = [
    { id: "email", header: t("email"), cell: ({ row }) => row.original.email },
    { id: "name", header: t("name"), cell: ({ row }) => `${row.original.name} ${row.original.surname}`.trim() },
    { id: "store", header: t("store"), cell: ({ row }) => row.original.store },
    { id: "source", header: t("source"), cell: ({ row }) => row.original.source },
    {
      id: "status",
      header: t("status"),
      cell: ({ row }) => <Badge tone={row.original.status === "subscribed" ? "green" : "amber"}>{t(row.original.status)}</Badge>,
    },
    { id: "consent", header: t("consent"), cell: ({ row }) => dateTime(row.original.consent_at, lang) },
    ...(can("newsletter.write")
      ? [
          {
            id: "actions",
            header: t("actions"),
            cell: ({ row }) => (
              <Button
                variant="secondary"
                aria-label={`${t("unsubscribe")}: ${row.original.email}`}
                busy={unsubscribe.isPending && unsubscribe.variables === row.original.id}
                onClick={() => {
                  if (window.confirm(t("confirm", { email: row.original.email }))) unsubscribe.mutate(row.original.id);
                }}
              >
                {t("unsubscribe")}
              </Button>
            ),
          } satisfies Column<Row>,
        ]
      : []),
  ];
  return (
    <div>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              setExportError(null);
              download(`/api/admin/v1/newsletter/subscribers/export.csv${q ? `?q=${encodeURIComponent(q)}` : ""}`).catch(setExportError);
            }}
          >
            {t("export")}
          </Button>
        }
      />
      <form onSubmit={submit} role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <Field label={t("search")} name="q" type="search" defaultValue={q} />
        <Button type="submit">{t("filter")}</Button>
      </form>
      <ErrorText error={list.error ?? unsubscribe.error ?? exportError} />
      <DataTable caption={t("caption")} columns={columns} data={rows} rowId={(r) => String(r.id)} empty={list.isSuccess ? t("none") : undefined} />
      {list.hasNextPage ? (
        <Button className="mt-3" variant="secondary" busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {t("more")}
        </Button>
      ) : null}
    </div>
  );
}
