import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { Badge, Button, Card, EmptyState, ErrorText, Field, PageHeader, Select, Spinner } from "../../components/ui";
import { date, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

const messages = defineMessages({
  es: {
    title: "Presupuestos",
    subtitle: "Presupuestos abiertos y caducados, los que antes caducan primero",
    store: "Tienda",
    all: "Todas",
    expiring: "Caducan en (días)",
    search: "Número o email",
    filter: "Filtrar",
    caption: "Presupuestos",
    number: "Número",
    customer: "Cliente",
    total: "Total",
    expires: "Caduca",
    sent: "Enviado",
    status: "Estado",
    open: "Abierto",
    expired: "Caducado",
    notSent: "Sin enviar",
    empty: "No hay presupuestos con esos filtros.",
    loading: "Cargando presupuestos…",
    newTitle: "Nuevo presupuesto",
    findCustomer: "Email del cliente",
    find: "Buscar cliente",
    create: "Crear presupuesto para {email}",
    noCustomer: "Ningún cliente con ese email.",
  },
  fr: {
    title: "Devis",
    subtitle: "Devis ouverts et expirés, ceux qui expirent le plus tôt d’abord",
    store: "Boutique",
    all: "Toutes",
    expiring: "Expirent dans (jours)",
    search: "Numéro ou e-mail",
    filter: "Filtrer",
    caption: "Devis",
    number: "Numéro",
    customer: "Client",
    total: "Total",
    expires: "Expire",
    sent: "Envoyé",
    status: "Statut",
    open: "Ouvert",
    expired: "Expiré",
    notSent: "Non envoyé",
    empty: "Aucun devis avec ces filtres.",
    loading: "Chargement des devis…",
    newTitle: "Nouveau devis",
    findCustomer: "E-mail du client",
    find: "Chercher le client",
    create: "Créer un devis pour {email}",
    noCustomer: "Aucun client avec cet e-mail.",
  },
});

export default function QuotationsList() {
  const t = useT(messages);
  const lang = useLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const store = params.get("store") ?? "";
  const expiring = params.get("expiring_days") ?? "";
  const q = params.get("q") ?? "";
  const [form, setForm] = useState({ store, expiring, q });
  const [email, setEmail] = useState("");
  const [found, setFound] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ["admin", "quotations", store, expiring, q],
    queryFn: () =>
      unwrap(
        api.GET("/api/admin/v1/quotations/", {
          params: {
            query: {
              ...(store ? { store: store as "ESDB" | "FRDB" } : {}),
              ...(expiring ? { expiring_days: Number(expiring) } : {}),
              ...(q ? { q } : {}),
            },
          },
        }),
      ),
  });
  const customers = useQuery({
    queryKey: ["admin", "quotation-customers", found],
    enabled: Boolean(found),
    queryFn: () => unwrap(api.GET("/api/admin/v1/quotations/customers/", { params: { query: { email: found ?? "" } } })),
  });
  const create = useMutation({
    mutationFn: (customerId: number) => unwrap(api.POST("/api/admin/v1/quotations/", { body: { customer_id: customerId } })),
    onSuccess: (r) => navigate(`/quotations/${r.id}`),
  });

  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (form.store) next.set("store", form.store);
    if (form.expiring) next.set("expiring_days", form.expiring);
    if (form.q.trim()) next.set("q", form.q.trim());
    setParams(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <Card title={t("newTitle")}>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setFound(email.trim());
          }}
        >
          <Field
            label={t("findCustomer")}
            type="search"
            minLength={2}
            maxLength={200}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="min-w-72 flex-1"
          />
          <Button type="submit">{t("find")}</Button>
        </form>
        {customers.isFetching ? <Spinner /> : null}
        {customers.data ? (
          customers.data.results.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("noCustomer")}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {customers.data.results.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span>
                    {c.name} · {c.email} · {c.store}
                  </span>
                  {c.professional ? <Badge tone="blue">PRO</Badge> : null}
                  <Button busy={create.isPending} onClick={() => create.mutate(c.id)}>
                    {t("create", { email: c.email })}
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : null}
        <ErrorText error={customers.error ?? create.error} />
      </Card>
      <form onSubmit={applyFilters} className="flex flex-wrap items-end gap-3">
        <Select label={t("store")} value={form.store} onChange={(e) => setForm({ ...form, store: e.target.value })}>
          <option value="">{t("all")}</option>
          <option value="ESDB">ESDB</option>
          <option value="FRDB">FRDB</option>
        </Select>
        <Field label={t("expiring")} type="number" min={0} max={3650} value={form.expiring} onChange={(e) => setForm({ ...form, expiring: e.target.value })} />
        <Field label={t("search")} type="search" maxLength={100} value={form.q} onChange={(e) => setForm({ ...form, q: e.target.value })} />
        <Button type="submit">{t("filter")}</Button>
      </form>
      {list.isPending ? (
        <Spinner label={t("loading")} />
      ) : list.error ? (
        <ErrorText error={list.error} />
      ) : list.data.results.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                {(["number", "customer", "total", "expires", "sent", "status"] as const).map((k) => (
                  <th key={k} scope="col" className="p-2">
                    {t(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((o) => (
                <tr key={o.id} className="border-t border-slate-200">
                  <td className="p-2">
                    <Link to={`/quotations/${o.id}`} className="font-mono text-brand-800 underline">
                      {o.number}
                    </Link>
                    <div className="text-xs text-slate-600">{o.store}</div>
                  </td>
                  <td className="p-2">
                    {o.name}
                    <div className="text-xs text-slate-600">{o.email}</div>
                  </td>
                  <td className="p-2">{money(o.total, lang)}</td>
                  <td className="p-2">{date(o.expires_at, lang)}</td>
                  <td className="p-2">{o.sent_at ? date(o.sent_at, lang) : t("notSent")}</td>
                  <td className="p-2">{o.status === 200 ? <Badge tone="green">{t("open")}</Badge> : <Badge tone="gray">{t("expired")}</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
