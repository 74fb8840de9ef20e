import { STAFF_ROLES, type StaffRole } from "@core/staff-permissions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, unwrap } from "../../api/client";
import { type Column, DataTable } from "../../components/data-table";
import { layoutMessages } from "../../components/layout";
import { Alert, Badge, Button, Card, ErrorText, Field, PageHeader, Select } from "../../components/ui";
import { dateTime, money, parseEuros } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan, useMe } from "../../lib/session";

type Paths = import("../../api/schema").paths;
type Member = Paths["/api/admin/v1/staff/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];

const messages = defineMessages({
  es: {
    title: "Equipo",
    subtitle: "Invita a tu equipo con el rol que necesita. Nadie se borra: se desactiva, y su historial queda en el registro.",
    invite: "Invitar a alguien",
    email: "Email",
    name: "Nombre",
    role: "Rol",
    language: "Idioma",
    send: "Enviar invitación",
    sent: "Invitación enviada a {email}.",
    members: "Miembros del equipo",
    status: "Estado",
    twoFactor: "2 pasos",
    lastLogin: "Último acceso",
    actions: "Acciones",
    invited: "Invitado",
    active: "Activo",
    disabled: "Desactivado",
    disable: "Desactivar",
    enable: "Reactivar",
    resend: "Reenviar invitación",
    resetTotp: "Restablecer 2 pasos",
    confirmDisable: "¿Desactivar a {name}? Sus sesiones se cerrarán ahora.",
    confirmReset: "¿Quitar la verificación en dos pasos de {name}? Tendrá que activarla de nuevo al entrar.",
    changeRole: "Cambiar el rol de {name}",
    yes: "Sí",
    no: "No",
    settings: "Ajustes",
    refundLimit: "Límite de reembolso de Atención al cliente (€)",
    refundLimitHint: "Los reembolsos por encima de este importe los hace un gerente, la contabilidad o un propietario.",
    save: "Guardar",
    saved: "Guardado.",
    badAmount: "Escribe un importe en euros, por ejemplo 150 o 150,50.",
    roles: "Qué puede hacer cada rol",
    role_owner: "Todo, incluido el equipo y los ajustes.",
    role_manager: "Todo menos el equipo y los ajustes.",
    role_support: "Pedidos y envíos, clientes, posventa, moderación y reembolsos hasta el límite. Sin facturas.",
    role_warehouse: "Paquetes y envíos.",
    role_accountant: "Facturas, abonos, exportaciones, reembolsos y registro; pagos solo lectura.",
    role_installer_coordinator: "Servicio de instalación.",
  },
  fr: {
    title: "Équipe",
    subtitle: "Invitez votre équipe avec le rôle nécessaire. Personne n'est supprimé : on désactive, et l'historique reste au journal.",
    invite: "Inviter quelqu'un",
    email: "E-mail",
    name: "Nom",
    role: "Rôle",
    language: "Langue",
    send: "Envoyer l'invitation",
    sent: "Invitation envoyée à {email}.",
    members: "Membres de l'équipe",
    status: "Statut",
    twoFactor: "2 étapes",
    lastLogin: "Dernier accès",
    actions: "Actions",
    invited: "Invité",
    active: "Actif",
    disabled: "Désactivé",
    disable: "Désactiver",
    enable: "Réactiver",
    resend: "Renvoyer l'invitation",
    resetTotp: "Réinitialiser 2 étapes",
    confirmDisable: "Désactiver {name} ? Ses sessions seront fermées immédiatement.",
    confirmReset: "Retirer la validation en deux étapes de {name} ? Il devra la réactiver à sa prochaine connexion.",
    changeRole: "Changer le rôle de {name}",
    yes: "Oui",
    no: "Non",
    settings: "Réglages",
    refundLimit: "Plafond de remboursement du service client (€)",
    refundLimitHint: "Au-delà, un responsable, la comptabilité ou un propriétaire rembourse.",
    save: "Enregistrer",
    saved: "Enregistré.",
    badAmount: "Saisissez un montant en euros, par exemple 150 ou 150,50.",
    roles: "Ce que peut faire chaque rôle",
    role_owner: "Tout, y compris l'équipe et les réglages.",
    role_manager: "Tout sauf l'équipe et les réglages.",
    role_support: "Commandes et expéditions, clients, après-vente, modération et remboursements jusqu'au plafond. Pas de factures.",
    role_warehouse: "Colis et expéditions.",
    role_accountant: "Factures, avoirs, exports, remboursements et journal ; paiements en lecture seule.",
    role_installer_coordinator: "Service d'installation.",
  },
});

export default function StaffPage() {
  const t = useT(messages);
  const tl = useT(layoutMessages);
  const lang = useLang();
  const me = useMe();
  const can = useCan();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ["admin", "staff"], queryFn: () => unwrap(api.GET("/api/admin/v1/staff/")) });
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin", "staff"] });
  const roleName = (r: StaffRole) => tl(`roles_${r}` as keyof typeof layoutMessages.es);

  const invite = useMutation({
    mutationFn: (body: { email: string; name: string; role: StaffRole; language: "es" | "fr" }) => unwrap(api.POST("/api/admin/v1/staff/", { body })),
    onSuccess: refresh,
  });
  const patch = useMutation({
    mutationFn: (v: { id: number; body: { role?: StaffRole; disabled?: boolean } }) =>
      unwrap(api.PATCH("/api/admin/v1/staff/{id}/", { params: { path: { id: v.id } }, body: v.body })),
    onSuccess: refresh,
  });
  const resend = useMutation({
    mutationFn: (id: number) => unwrap(api.POST("/api/admin/v1/staff/{id}/invitation/", { params: { path: { id } }, body: {} })),
  });
  const resetTotp = useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE("/api/admin/v1/staff/{id}/totp/", { params: { path: { id } } })),
    onSuccess: refresh,
  });

  const onInvite = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    invite.mutate(
      { email: String(f.get("email")), name: String(f.get("name") ?? ""), role: f.get("role") as StaffRole, language: f.get("language") as "es" | "fr" },
      { onSuccess: () => (e.target as HTMLFormElement).reset() },
    );
  };

  const columns: Column<Member>[] = [
    {
      id: "name",
      header: t("name"),
      cell: ({ row }) => (
        <div>
          <p className="font-medium text-slate-900">{row.original.name || "—"}</p>
          <p className="text-slate-600">{row.original.email}</p>
        </div>
      ),
    },
    {
      id: "role",
      header: t("role"),
      cell: ({ row }) =>
        row.original.id === me.id ? (
          roleName(row.original.role)
        ) : (
          <label>
            <span className="sr-only">{t("changeRole", { name: row.original.name || row.original.email })}</span>
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={row.original.role}
              onChange={(e) => patch.mutate({ id: row.original.id, body: { role: e.target.value as StaffRole } })}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </select>
          </label>
        ),
    },
    {
      id: "status",
      header: t("status"),
      cell: ({ row }) => (
        <Badge tone={row.original.status === "active" ? "green" : row.original.status === "invited" ? "amber" : "gray"}>{t(row.original.status)}</Badge>
      ),
    },
    { id: "totp", header: t("twoFactor"), cell: ({ row }) => (row.original.totp_enabled ? t("yes") : t("no")) },
    { id: "last", header: t("lastLogin"), cell: ({ row }) => dateTime(row.original.last_login_at, lang) },
    {
      id: "actions",
      header: t("actions"),
      cell: ({ row }) => {
        const m = row.original;
        const who = m.name || m.email;
        if (m.id === me.id) return null;
        return (
          <div className="flex flex-wrap gap-2">
            {m.status === "invited" ? (
              <Button variant="secondary" onClick={() => resend.mutate(m.id)} busy={resend.isPending && resend.variables === m.id}>
                {t("resend")}
              </Button>
            ) : null}
            {m.totp_enabled ? (
              <Button variant="secondary" onClick={() => window.confirm(t("confirmReset", { name: who })) && resetTotp.mutate(m.id)}>
                {t("resetTotp")}
              </Button>
            ) : null}
            {m.status === "disabled" ? (
              <Button variant="secondary" onClick={() => patch.mutate({ id: m.id, body: { disabled: false } })}>
                {t("enable")}
              </Button>
            ) : (
              <Button
                variant="danger"
                onClick={() => window.confirm(t("confirmDisable", { name: who })) && patch.mutate({ id: m.id, body: { disabled: true } })}
              >
                {t("disable")}
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="grid gap-4 xl:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 xl:col-span-2">
          <ErrorText error={list.error ?? patch.error ?? resend.error ?? resetTotp.error} />
          <DataTable caption={t("members")} columns={columns} data={list.data?.results ?? []} rowId={(m) => String(m.id)} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t("invite")}>
            <form className="flex flex-col gap-3" onSubmit={onInvite} noValidate>
              <ErrorText error={invite.error} />
              {invite.data ? <Alert tone="success">{t("sent", { email: invite.data.email })}</Alert> : null}
              <Field label={t("email")} name="email" type="email" required />
              <Field label={t("name")} name="name" />
              <Select label={t("role")} name="role" defaultValue="support">
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleName(r)}
                  </option>
                ))}
              </Select>
              <Select label={t("language")} name="language" defaultValue={lang}>
                <option value="es">Español</option>
                <option value="fr">Français</option>
              </Select>
              <Button type="submit" busy={invite.isPending}>
                {t("send")}
              </Button>
            </form>
          </Card>
          {can("settings.write") ? <SettingsCard /> : null}
          <Card title={t("roles")}>
            <dl className="flex flex-col gap-2 text-sm">
              {STAFF_ROLES.map((r) => (
                <div key={r}>
                  <dt className="font-medium text-slate-900">{roleName(r)}</dt>
                  <dd className="text-slate-700">{t(`role_${r}` as keyof typeof messages.es)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}

function SettingsCard() {
  const t = useT(messages);
  const lang = useLang();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: ["admin", "settings"], queryFn: () => unwrap(api.GET("/api/admin/v1/settings/")) });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (cents: number) => unwrap(api.PUT("/api/admin/v1/settings/", { body: { support_refund_limit_cents: cents } })),
    onSuccess: (d) => qc.setQueryData(["admin", "settings"], d),
  });
  return (
    <Card title={t("settings")}>
      {settings.data ? (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const cents = parseEuros(String(new FormData(e.currentTarget).get("limit") ?? ""));
            setError(cents === null ? t("badAmount") : null);
            if (cents !== null) save.mutate(cents);
          }}
        >
          <ErrorText error={save.error} />
          {save.isSuccess ? <Alert tone="success">{t("saved")}</Alert> : null}
          <Field
            label={t("refundLimit")}
            name="limit"
            inputMode="decimal"
            defaultValue={(settings.data.support_refund_limit_cents / 100).toFixed(2).replace(".", lang === "es" || lang === "fr" ? "," : ".")}
            hint={`${t("refundLimitHint")} (${money(settings.data.support_refund_limit_cents, lang)})`}
            error={error}
          />
          <Button type="submit" busy={save.isPending}>
            {t("save")}
          </Button>
        </form>
      ) : (
        <ErrorText error={settings.error} />
      )}
    </Card>
  );
}
