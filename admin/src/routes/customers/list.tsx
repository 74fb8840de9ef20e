import { useInfiniteQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { type Column, DataTable } from "../../components/data-table";
import { Badge, Button, ErrorText, Field, PageHeader, Select } from "../../components/ui";
import { date } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

type Paths = import("../../api/schema").paths;
type Row = Paths["/api/admin/v1/customers/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];

const messages = defineMessages({
  es: {
    title: "Clientes",
    subtitle: "Busca por nombre, email, teléfono o NIF/CIF. Las páginas se cargan de 50 en 50, las altas más recientes primero.",
    search: "Buscar",
    field: "Buscar en",
    any: "Todos los campos",
    name: "Nombre",
    email: "Email",
    phone: "Teléfono",
    taxId: "NIF / CIF",
    type: "Tipo",
    all: "Todos",
    customer: "Particular",
    professional: "Profesional",
    store: "Tienda (id)",
    filter: "Buscar",
    caption: "Clientes encontrados",
    created: "Alta",
    more: "Cargar más",
    none: "Ningún cliente con estos filtros.",
    inactive: "Sin activar",
  },
  fr: {
    title: "Clients",
    subtitle: "Recherchez par nom, e-mail, téléphone ou numéro fiscal. Pages de 50, inscriptions les plus récentes d'abord.",
    search: "Rechercher",
    field: "Rechercher dans",
    any: "Tous les champs",
    name: "Nom",
    email: "E-mail",
    phone: "Téléphone",
    taxId: "N° fiscal",
    type: "Type",
    all: "Tous",
    customer: "Particulier",
    professional: "Professionnel",
    store: "Boutique (id)",
    filter: "Rechercher",
    caption: "Clients trouvés",
    created: "Inscription",
    more: "Charger plus",
    none: "Aucun client avec ces filtres.",
    inactive: "Non activé",
  },
});

const KEYS = ["q", "field", "type", "store"] as const;

export default function CustomersPage() {
  const t = useT(messages);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(KEYS.filter((k) => params.get(k)).map((k) => [k, params.get(k)!]));
  const list = useInfiniteQuery({
    queryKey: ["admin", "customers", query],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET("/api/admin/v1/customers/", {
          params: { query: { ...query, ...(query.store ? { store: Number(query.store) } : {}), before: pageParam, limit: 50 } as never },
        }),
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of KEYS) {
      const v = String(f.get(k) ?? "").trim();
      if (v && v !== "any") next.set(k, v);
    }
    setParams(next);
  };
  const columns: Column<Row>[] = [
    {
      id: "name",
      header: t("name"),
      cell: ({ row }) => (
        <Link className="font-medium text-brand-700 underline" to={`/customers/${row.original.id}`}>
          {`${row.original.name} ${row.original.surnames}`.trim() || `#${row.original.id}`}
        </Link>
      ),
    },
    { id: "email", header: t("email"), cell: ({ row }) => row.original.email },
    { id: "phone", header: t("phone"), cell: ({ row }) => row.original.phone ?? "—" },
    {
      id: "type",
      header: t("type"),
      cell: ({ row }) => (
        <span className="flex gap-1">
          <Badge tone={row.original.type === "professional" ? "violet" : "gray"}>{t(row.original.type)}</Badge>
          {!row.original.is_active ? <Badge tone="amber">{t("inactive")}</Badge> : null}
        </span>
      ),
    },
    { id: "created", header: t("created"), cell: ({ row }) => date(row.original.created_at, lang) },
  ];
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <form onSubmit={submit} className="mb-4 grid grid-cols-1 gap-3 md:grid-cols-5 md:items-end" role="search">
        <Field label={t("search")} name="q" type="search" defaultValue={query.q ?? ""} className="md:col-span-2" />
        <Select label={t("field")} name="field" defaultValue={query.field ?? "any"}>
          <option value="any">{t("any")}</option>
          <option value="name">{t("name")}</option>
          <option value="email">{t("email")}</option>
          <option value="phone">{t("phone")}</option>
          <option value="tax_id">{t("taxId")}</option>
        </Select>
        <Select label={t("type")} name="type" defaultValue={query.type ?? ""}>
          <option value="">{t("all")}</option>
          <option value="customer">{t("customer")}</option>
          <option value="professional">{t("professional")}</option>
        </Select>
        <Button type="submit">{t("filter")}</Button>
      </form>
      <ErrorText error={list.error} />
      <DataTable caption={t("caption")} columns={columns} data={rows} rowId={(r) => String(r.id)} empty={list.isSuccess ? t("none") : undefined} />
      {list.hasNextPage ? (
        <div className="mt-3">
          <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {t("more")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
