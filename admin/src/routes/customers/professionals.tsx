import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import { type Column, DataTable } from "../../components/data-table";
import { Badge, Button, ErrorText, PageHeader, Select } from "../../components/ui";
import { dateTime } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

type Paths = import("../../api/schema").paths;
type Row = Paths["/api/admin/v1/professionals/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];

const messages = defineMessages({
  es: {
    title: "Profesionales",
    subtitle:
      "Quien marca «Soy profesional de la construcción» al registrarse ve precios profesionales al momento. Revisa aquí lo que declararon: pide razón social y CIF, apruébalos o retírales el tipo.",
    show: "Mostrar",
    queue: "Pendientes de revisar",
    reviewed: "Ya revisados",
    caption: "Profesionales",
    who: "Cliente",
    declared: "Declarado",
    signedUp: "Alta",
    status: "Estado",
    actions: "Acciones",
    askCif: "Pedir CIF",
    approve: "Aprobar",
    revoke: "Retirar tipo",
    more: "Cargar más",
    none: "No hay profesionales por revisar.",
    nothing: "Sin razón social ni CIF",
    asked: "Pedido {n} vez/veces, último el {d}",
  },
  fr: {
    title: "Professionnels",
    subtitle:
      "Quiconque coche « Je suis un professionnel du bâtiment » à l'inscription voit aussitôt les prix professionnels. Vérifiez ici leurs déclarations : demandez raison sociale et n° fiscal, approuvez-les ou retirez-leur le type.",
    show: "Afficher",
    queue: "À vérifier",
    reviewed: "Déjà vérifiés",
    caption: "Professionnels",
    who: "Client",
    declared: "Déclaré",
    signedUp: "Inscription",
    status: "Statut",
    actions: "Actions",
    askCif: "Demander le n° fiscal",
    approve: "Approuver",
    revoke: "Retirer le type",
    more: "Charger plus",
    none: "Aucun professionnel à vérifier.",
    nothing: "Ni raison sociale ni n° fiscal",
    asked: "Demandé {n} fois, dernière le {d}",
  },
});

export default function ProfessionalsPage() {
  const t = useT(messages);
  const lang = useLang();
  const qc = useQueryClient();
  const [status, setStatus] = useState<"queue" | "reviewed">("queue");
  const key = ["admin", "professionals", status];
  const list = useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => unwrap(api.GET("/api/admin/v1/professionals/", { params: { query: { status, before: pageParam, limit: 50 } } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin", "professionals"] });
  const act = useMutation({
    mutationFn: async ({ id, action }: { id: number; action: "cif" | "approve" | "revoke" }) => {
      if (action === "cif") return unwrap(api.POST("/api/admin/v1/professionals/{id}/request-cif/", { params: { path: { id } }, body: {} }));
      if (action === "approve") return unwrap(api.POST("/api/admin/v1/professionals/{id}/review/", { params: { path: { id } }, body: {} }));
      return unwrap(api.PUT("/api/auth-users/v1/clients/{id}/toggle_type/", { params: { path: { id } } }));
    },
    onSuccess: refresh,
  });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const columns: Column<Row>[] = [
    {
      id: "who",
      header: t("who"),
      cell: ({ row }) => (
        <div>
          <Link className="font-medium text-brand-700 underline" to={`/customers/${row.original.id}`}>
            {row.original.name || row.original.email}
          </Link>
          <p className="text-xs text-slate-600">
            {row.original.email} {row.original.phone ? `· ${row.original.phone}` : ""}
          </p>
        </div>
      ),
    },
    {
      id: "declared",
      header: t("declared"),
      cell: ({ row }) =>
        row.original.business_name || row.original.tax_id ? (
          `${row.original.business_name} ${row.original.tax_id}`.trim()
        ) : (
          <span className="text-slate-600">{t("nothing")}</span>
        ),
    },
    { id: "signedUp", header: t("signedUp"), cell: ({ row }) => dateTime(row.original.signed_up_at, lang) },
    {
      id: "status",
      header: t("status"),
      cell: ({ row }) => (
        <div>
          <Badge tone={row.original.status === "approved" ? "green" : row.original.status === "info_requested" ? "amber" : "gray"}>{row.original.status}</Badge>
          {row.original.cif_requested_at ? (
            <p className="text-xs text-slate-600">{t("asked", { n: row.original.cif_requests, d: dateTime(row.original.cif_requested_at, lang) })}</p>
          ) : null}
        </div>
      ),
    },
    {
      id: "actions",
      header: t("actions"),
      cell: ({ row }) => {
        const name = row.original.name || row.original.email;
        const busy = act.isPending && act.variables?.id === row.original.id;
        return (
          <div className="flex flex-wrap gap-1">
            <Button
              variant="secondary"
              disabled={busy}
              aria-label={`${t("askCif")}: ${name}`}
              onClick={() => act.mutate({ id: row.original.id, action: "cif" })}
            >
              {t("askCif")}
            </Button>
            {status === "queue" ? (
              <Button disabled={busy} aria-label={`${t("approve")}: ${name}`} onClick={() => act.mutate({ id: row.original.id, action: "approve" })}>
                {t("approve")}
              </Button>
            ) : null}
            <Button
              variant="danger"
              disabled={busy}
              aria-label={`${t("revoke")}: ${name}`}
              onClick={() => act.mutate({ id: row.original.id, action: "revoke" })}
            >
              {t("revoke")}
            </Button>
          </div>
        );
      },
    },
  ];
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="mb-4 max-w-xs">
        <Select label={t("show")} value={status} onChange={(e) => setStatus(e.target.value as "queue" | "reviewed")}>
          <option value="queue">{t("queue")}</option>
          <option value="reviewed">{t("reviewed")}</option>
        </Select>
      </div>
      <ErrorText error={list.error ?? act.error} />
      <DataTable caption={t("caption")} columns={columns} data={rows} rowId={(r) => String(r.id)} empty={list.isSuccess ? t("none") : undefined} />
      {list.hasNextPage ? (
        <Button className="mt-3" variant="secondary" busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {t("more")}
        </Button>
      ) : null}
    </div>
  );
}
