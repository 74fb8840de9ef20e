import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api/client";
import { Badge, Button, Card, ErrorText, PageHeader } from "../../components/ui";
import { dateTime } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useMe } from "../../lib/session";
import { EnrolForm } from "../auth/pages";

const messages = defineMessages({
  es: {
    title: "Mi cuenta",
    subtitle: "Tu acceso al panel: verificación en dos pasos y sesiones abiertas.",
    twoFactor: "Verificación en dos pasos",
    on: "Activada",
    off: "Desactivada",
    codesLeft: "Te quedan {n} códigos de recuperación.",
    enable: "Activar la verificación en dos pasos",
    lost: "Si pierdes el móvil y los códigos, un propietario puede restablecerla.",
    sessions: "Sesiones abiertas",
    current: "Esta sesión",
    end: "Cerrar",
    started: "Inicio",
    lastSeen: "Última actividad",
    device: "Dispositivo",
    address: "Dirección IP",
    sessionsHint: "Las sesiones se cierran tras 30 minutos sin actividad y, como máximo, 12 horas después de entrar.",
  },
  fr: {
    title: "Mon compte",
    subtitle: "Votre accès à l'administration : validation en deux étapes et sessions ouvertes.",
    twoFactor: "Validation en deux étapes",
    on: "Activée",
    off: "Désactivée",
    codesLeft: "Il vous reste {n} codes de secours.",
    enable: "Activer la validation en deux étapes",
    lost: "Si vous perdez votre téléphone et vos codes, un propriétaire peut la réinitialiser.",
    sessions: "Sessions ouvertes",
    current: "Cette session",
    end: "Fermer",
    started: "Début",
    lastSeen: "Dernière activité",
    device: "Appareil",
    address: "Adresse IP",
    sessionsHint: "Les sessions se ferment après 30 minutes d'inactivité et au plus tard 12 heures après la connexion.",
  },
});

export default function AccountPage() {
  const t = useT(messages);
  const lang = useLang();
  const me = useMe();
  const qc = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const sessions = useQuery({ queryKey: ["admin", "sessions"], queryFn: () => unwrap(api.GET("/api/admin/v1/auth/sessions/")) });
  const end = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/admin/v1/auth/sessions/{id}/", { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin", "sessions"] }),
  });
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("twoFactor")}>
          <p className="mb-2">
            <Badge tone={me.totp_enabled ? "green" : "amber"}>{me.totp_enabled ? t("on") : t("off")}</Badge>
          </p>
          {enrolling ? (
            // Stays until the member has seen the recovery codes (the member is enabled before that).
            <EnrolForm
              onDone={() => {
                setEnrolling(false);
                qc.invalidateQueries({ queryKey: ["admin", "sessions"] });
              }}
            />
          ) : me.totp_enabled ? (
            <>
              {sessions.data ? <p className="text-sm text-slate-700">{t("codesLeft", { n: sessions.data.recovery_codes_left })}</p> : null}
              <p className="mt-2 text-sm text-slate-600">{t("lost")}</p>
            </>
          ) : (
            <Button onClick={() => setEnrolling(true)}>{t("enable")}</Button>
          )}
        </Card>
        <Card title={t("sessions")}>
          <p className="mb-3 text-sm text-slate-600">{t("sessionsHint")}</p>
          <ErrorText error={sessions.error ?? end.error} />
          <ul className="divide-y divide-slate-100">
            {sessions.data?.results.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900" title={s.user_agent}>
                    {s.user_agent || "—"}
                  </p>
                  <p className="text-slate-600">
                    {t("address")}: {s.ip || "—"} · {t("started")}: {dateTime(s.created_at, lang)} · {t("lastSeen")}: {dateTime(s.last_seen_at, lang)}
                  </p>
                </div>
                {s.current ? (
                  <Badge tone="blue">{t("current")}</Badge>
                ) : (
                  <Button variant="secondary" onClick={() => end.mutate(s.id)} busy={end.isPending && end.variables === s.id}>
                    {t("end")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
