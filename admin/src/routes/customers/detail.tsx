import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { api, download, unwrap } from "../../api/client";
import { Alert, Badge, Button, Card, ErrorText, Field, PageHeader, Spinner, TextArea } from "../../components/ui";
import { dateTime, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";

const messages = defineMessages({
  es: {
    loading: "Cargando cliente…",
    profile: "Perfil",
    email: "Email",
    phone: "Teléfono",
    type: "Tipo",
    customer: "Particular",
    professional: "Profesional",
    language: "Idioma",
    created: "Alta",
    activated: "Activada",
    notActivated: "Sin activar",
    orders: "Pedidos",
    quotations: "Presupuestos",
    number: "Número",
    date: "Fecha",
    status: "Estado",
    total: "Total",
    noOrders: "Sin pedidos.",
    noQuotations: "Sin presupuestos.",
    addresses: "Direcciones",
    noAddresses: "Sin direcciones guardadas.",
    billing: "Facturación",
    shipping: "Envío",
    consents: "Consentimientos",
    privacy: "Política de privacidad aceptada",
    newsletter: "Newsletter",
    notSubscribed: "No suscrito",
    sessions: "Sesiones",
    open: "Abierta",
    closed: "Cerrada",
    lastUsed: "Último uso",
    endAll: "Cerrar todas las sesiones",
    ended: "Sesiones cerradas: {n}",
    noSessions: "Sin sesiones.",
    pro: "Cliente profesional",
    proStatus: "Revisión",
    revokedAt: "Tipo profesional retirado el {d}",
    revoke: "Retirar el tipo profesional",
    restore: "Dar el tipo profesional",
    askCif: "Pedir razón social y CIF",
    note: "Nota para el cliente (opcional)",
    asked: "Hemos enviado el email al cliente.",
    gdpr: "RGPD",
    gdprIntro: "Solo a petición del cliente. La exportación y el borrado quedan registrados (sin los datos).",
    export: "Descargar sus datos (JSON)",
    erase: "Borrar la cuenta",
    confirm: "Escribe el email del cliente para confirmar",
    reason: "Motivo (p. ej. «petición por email del 3 de marzo»)",
    erased: "Cuenta borrada: los datos personales se han eliminado; los pedidos se conservan.",
    sessionsCaption: "Sesiones del cliente",
    ordersCaption: "Pedidos del cliente",
    quotationsCaption: "Presupuestos del cliente",
  },
  fr: {
    loading: "Chargement du client…",
    profile: "Profil",
    email: "E-mail",
    phone: "Téléphone",
    type: "Type",
    customer: "Particulier",
    professional: "Professionnel",
    language: "Langue",
    created: "Inscription",
    activated: "Activé",
    notActivated: "Non activé",
    orders: "Commandes",
    quotations: "Devis",
    number: "Numéro",
    date: "Date",
    status: "Statut",
    total: "Total",
    noOrders: "Aucune commande.",
    noQuotations: "Aucun devis.",
    addresses: "Adresses",
    noAddresses: "Aucune adresse enregistrée.",
    billing: "Facturation",
    shipping: "Livraison",
    consents: "Consentements",
    privacy: "Politique de confidentialité acceptée",
    newsletter: "Newsletter",
    notSubscribed: "Non abonné",
    sessions: "Sessions",
    open: "Ouverte",
    closed: "Fermée",
    lastUsed: "Dernière utilisation",
    endAll: "Fermer toutes les sessions",
    ended: "Sessions fermées : {n}",
    noSessions: "Aucune session.",
    pro: "Client professionnel",
    proStatus: "Vérification",
    revokedAt: "Type professionnel retiré le {d}",
    revoke: "Retirer le type professionnel",
    restore: "Donner le type professionnel",
    askCif: "Demander raison sociale et n° fiscal",
    note: "Note pour le client (facultatif)",
    asked: "L'e-mail a été envoyé au client.",
    gdpr: "RGPD",
    gdprIntro: "Uniquement à la demande du client. L'export et la suppression sont journalisés (sans les données).",
    export: "Télécharger ses données (JSON)",
    erase: "Supprimer le compte",
    confirm: "Saisissez l'e-mail du client pour confirmer",
    reason: "Motif (ex. « demande par e-mail du 3 mars »)",
    erased: "Compte supprimé : les données personnelles ont été effacées ; les commandes sont conservées.",
    sessionsCaption: "Sessions du client",
    ordersCaption: "Commandes du client",
    quotationsCaption: "Devis du client",
  },
});

export default function CustomerDetail() {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const key = ["admin", "customer", id];
  const record = useQuery({ queryKey: key, queryFn: () => unwrap(api.GET("/api/admin/v1/customers/{id}/", { params: { path: { id } } })) });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const endSessions = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/customers/{id}/sessions/end/", { params: { path: { id } }, body: {} })),
    onSuccess: refresh,
  });
  const toggle = useMutation({
    mutationFn: () => unwrap(api.PUT("/api/auth-users/v1/clients/{id}/toggle_type/", { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const [note, setNote] = useState("");
  const askCif = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/professionals/{id}/request-cif/", { params: { path: { id } }, body: { note } })),
    onSuccess: refresh,
  });
  const [exportError, setExportError] = useState<unknown>(null);
  const erase = useMutation({
    mutationFn: (body: { confirm: string; reason: string }) => unwrap(api.POST("/api/admin/v1/customers/{id}/erase/", { params: { path: { id } }, body })),
  });
  const onErase = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    erase.mutate({ confirm: String(f.get("confirm") ?? ""), reason: String(f.get("reason") ?? "") });
  };

  if (record.isPending) return <Spinner label={t("loading")} />;
  if (record.error) return <ErrorText error={record.error} />;
  const r = record.data;
  const p = r.profile;
  const orderTable = (rows: typeof r.orders, caption: string, empty: string) =>
    rows.length ? (
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-left text-slate-700">
              <th scope="col" className="py-1 pr-3">
                {t("number")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("date")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("status")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t("total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} className="border-t border-slate-100">
                <td className="py-1 pr-3">
                  <Link className="text-brand-700 underline" to={`/orders/${o.id}`}>
                    {o.number}
                  </Link>
                </td>
                <td className="py-1 pr-3">{dateTime(o.date, lang)}</td>
                <td className="py-1 pr-3">{o.status}</td>
                <td className="py-1 pr-3 text-right">{money(o.total, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    ) : (
      <p className="text-sm text-slate-600">{empty}</p>
    );

  if (erase.isSuccess) return <Alert tone="success">{t("erased")}</Alert>;
  return (
    <div className="space-y-4">
      <PageHeader
        title={`${p.name} ${p.surnames}`.trim() || p.email}
        subtitle={
          <span className="flex flex-wrap gap-2">
            <Badge tone={p.type === "professional" ? "violet" : "gray"}>{t(p.type)}</Badge>
            <Badge tone={p.is_active ? "green" : "amber"}>{p.is_active ? t("activated") : t("notActivated")}</Badge>
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("profile")}>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">{t("email")}</dt>
            <dd>{p.email}</dd>
            <dt className="text-slate-700">{t("phone")}</dt>
            <dd>{p.phone ?? "—"}</dd>
            <dt className="text-slate-700">{t("language")}</dt>
            <dd>{p.language}</dd>
            <dt className="text-slate-700">{t("created")}</dt>
            <dd>{dateTime(p.created_at, lang)}</dd>
          </dl>
        </Card>
        <Card title={t("consents")}>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">{t("privacy")}</dt>
            <dd>{dateTime(r.consents.privacy_accepted_at, lang)}</dd>
            <dt className="text-slate-700">{t("newsletter")}</dt>
            <dd>
              {r.consents.newsletter.length ? r.consents.newsletter.map((n) => `${n.source} · ${dateTime(n.consent_at, lang)}`).join(", ") : t("notSubscribed")}
            </dd>
          </dl>
        </Card>
        <Card title={t("orders")}>{orderTable(r.orders, t("ordersCaption"), t("noOrders"))}</Card>
        <Card title={t("quotations")}>{orderTable(r.quotations, t("quotationsCaption"), t("noQuotations"))}</Card>
        <Card title={t("addresses")}>
          {r.addresses.length ? (
            <ul className="space-y-2 text-sm">
              {r.addresses.map((a) => (
                <li key={a.id}>
                  <Badge>{a.type === "billing" ? t("billing") : t("shipping")}</Badge> {a.business_name || a.name} {a.tax_id ? `· ${a.tax_id}` : ""}
                  <br />
                  {a.address}, {a.postal_code} {a.city} ({a.province}) {a.country}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t("noAddresses")}</p>
          )}
        </Card>
        <Card
          title={t("sessions")}
          actions={
            can("customers.write") ? (
              <Button variant="secondary" busy={endSessions.isPending} onClick={() => endSessions.mutate()}>
                {t("endAll")}
              </Button>
            ) : null
          }
        >
          <ErrorText error={endSessions.error} />
          {endSessions.data ? <Alert tone="success">{t("ended", { n: String(endSessions.data.ended) })}</Alert> : null}
          {r.sessions.length ? (
            <ul className="space-y-1 text-sm">
              {r.sessions.map((s) => (
                <li key={s.id}>
                  <Badge tone={s.open ? "green" : "gray"}>{s.open ? t("open") : t("closed")}</Badge> {dateTime(s.created_at, lang)} · {t("lastUsed")}:{" "}
                  {dateTime(s.last_used_at, lang)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t("noSessions")}</p>
          )}
        </Card>
        {can("professionals.review") ? (
          <Card title={t("pro")}>
            <div className="space-y-3 text-sm">
              {r.professional ? (
                <p>
                  {t("proStatus")}: <Badge tone="blue">{r.professional.status}</Badge>
                </p>
              ) : null}
              {p.professional_revoked_at ? <p>{t("revokedAt", { d: dateTime(p.professional_revoked_at, lang) })}</p> : null}
              <ErrorText error={toggle.error ?? askCif.error} />
              {askCif.isSuccess ? <Alert tone="success">{t("asked")}</Alert> : null}
              <div className="flex flex-wrap gap-2">
                <Button variant={p.type === "professional" ? "danger" : "secondary"} busy={toggle.isPending} onClick={() => toggle.mutate()}>
                  {p.type === "professional" ? t("revoke") : t("restore")}
                </Button>
              </div>
              {p.type === "professional" ? (
                <div className="space-y-2">
                  <TextArea label={t("note")} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={1000} />
                  <Button variant="secondary" busy={askCif.isPending} onClick={() => askCif.mutate()}>
                    {t("askCif")}
                  </Button>
                </div>
              ) : null}
            </div>
          </Card>
        ) : null}
        {can("customers.gdpr") ? (
          <Card title={t("gdpr")}>
            <p className="mb-3 text-sm text-slate-700">{t("gdprIntro")}</p>
            <ErrorText error={exportError} />
            <Button
              variant="secondary"
              onClick={() => {
                setExportError(null);
                download(`/api/admin/v1/customers/${id}/gdpr-export/`).catch(setExportError);
              }}
            >
              {t("export")}
            </Button>
            <form onSubmit={onErase} className="mt-4 space-y-2 border-t border-slate-200 pt-4">
              <Field label={t("confirm")} name="confirm" required autoComplete="off" />
              <Field label={t("reason")} name="reason" required minLength={3} maxLength={500} />
              <ErrorText error={erase.error} />
              <Button type="submit" variant="danger" busy={erase.isPending}>
                {t("erase")}
              </Button>
            </form>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
