import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import { Alert, Badge, Button, Card, EmptyState, ErrorText, PageHeader, Spinner, TextArea } from "../../components/ui";
import { dateTime, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

const messages = defineMessages({
  es: {
    title: "Posventa",
    subtitle: "Desistimientos, devoluciones e incidencias abiertos, del más antiguo al más reciente.",
    empty: "No hay casos abiertos.",
    loading: "Cargando casos…",
    withdrawal: "Desistimiento",
    return: "Devolución",
    incident: "Incidencia",
    open: "Abierto",
    info_requested: "Esperando al cliente",
    order: "Pedido {number}",
    photos: "Fotos",
    photo: "Foto {n} del caso",
    conversation: "Conversación",
    staff: "Equipo",
    customer: "Cliente",
    accept: "Aceptar",
    refuse: "Rechazar",
    askInfo: "Pedir más información",
    note: "Nota para el cliente (opcional)",
    refuseNote: "Motivo del rechazo (se envía al cliente)",
    question: "Pregunta para el cliente",
    send: "Enviar",
    close: "Cerrar",
    acceptHint: "Las devoluciones y desistimientos emiten el abono y reembolsan al aceptarse.",
    done: "Hecho. Se ha avisado al cliente por email.",
    doneCredit: "Hecho. Abono {number} por {amount}. Se ha avisado al cliente por email.",
  },
  fr: {
    title: "SAV",
    subtitle: "Rétractations, retours et incidents ouverts, du plus ancien au plus récent.",
    empty: "Aucun dossier ouvert.",
    loading: "Chargement des dossiers…",
    withdrawal: "Rétractation",
    return: "Retour",
    incident: "Incident",
    open: "Ouvert",
    info_requested: "En attente du client",
    order: "Commande {number}",
    photos: "Photos",
    photo: "Photo {n} du dossier",
    conversation: "Échanges",
    staff: "Équipe",
    customer: "Client",
    accept: "Accepter",
    refuse: "Refuser",
    askInfo: "Demander des précisions",
    note: "Note pour le client (facultative)",
    refuseNote: "Motif du refus (envoyé au client)",
    question: "Question pour le client",
    send: "Envoyer",
    close: "Fermer",
    acceptHint: "Les retours et rétractations émettent l'avoir et remboursent à l'acceptation.",
    done: "C'est fait. Le client a été prévenu par e-mail.",
    doneCredit: "C'est fait. Avoir {number} de {amount}. Le client a été prévenu par e-mail.",
  },
});

type Action = "accept" | "refuse" | "ask";

export default function AftersaleQueuePage() {
  const t = useT(messages);
  const lang = useLang();
  const q = useQuery({ queryKey: ["admin", "aftersale"], queryFn: () => unwrap(api.GET("/api/admin/v1/aftersale/")) });
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {notice ? (
        <div role="status">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      {q.isPending ? (
        <Spinner label={t("loading")} />
      ) : q.error ? (
        <ErrorText error={q.error} />
      ) : q.data.results.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {q.data.results.map((c) => (
            <li key={`${c.kind}-${c.id}`}>
              <Card
                title={`${t(c.type)} · ${t("order", { number: c.order_number })}`}
                actions={<Badge tone={c.state === "open" ? "blue" : "amber"}>{t(c.state)}</Badge>}
              >
                <p className="text-sm text-slate-700">
                  <Link to={`/orders/${c.order}`} className="text-brand-800 underline">
                    {c.order_number}
                  </Link>{" "}
                  · {c.customer} · {c.email} · {dateTime(c.created_at, lang)}
                </p>
                {c.reason ? <p className="mt-2 text-sm font-medium">{c.reason}</p> : null}
                {c.message ? <p className="mt-1 whitespace-pre-wrap text-sm">{c.message}</p> : null}
                {c.photos.length ? (
                  <div className="mt-2">
                    <h3 className="text-sm font-semibold">{t("photos")}</h3>
                    <div className="mt-1 flex flex-wrap gap-2">
                      {c.photos.map((p, i) => (
                        <a key={p.id} href={p.url} target="_blank" rel="noreferrer">
                          <img src={p.url} alt={t("photo", { n: i + 1 })} className="h-24 w-24 rounded border border-slate-300 object-cover" />
                        </a>
                      ))}
                    </div>
                  </div>
                ) : null}
                {c.messages.length ? (
                  <div className="mt-2">
                    <h3 className="text-sm font-semibold">{t("conversation")}</h3>
                    <ul className="mt-1 text-sm">
                      {c.messages.map((m) => (
                        <li key={m.created_at + m.author}>
                          <strong>{t(m.author)}:</strong> {m.body} <span className="text-slate-600">({dateTime(m.created_at, lang)})</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <CaseActions
                  kind={c.kind}
                  id={c.id}
                  onDone={(cn) => setNotice(cn ? t("doneCredit", { number: cn.number, amount: money(-cn.total, lang) }) : t("done"))}
                />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CaseActions({ kind, id, onDone }: { kind: "withdrawal" | "request"; id: number; onDone: (cn: { number: string; total: number } | null) => void }) {
  const t = useT(messages);
  const qc = useQueryClient();
  const [open, setOpen] = useState<Action | null>(null);
  const [text, setText] = useState("");
  const m = useMutation({
    mutationFn: async (a: Action) => {
      const path = { params: { path: { kind, id } } };
      if (a === "accept") return unwrap(api.POST("/api/admin/v1/aftersale/{kind}/{id}/accept/", { ...path, body: { note: text || null } }));
      if (a === "refuse") return unwrap(api.POST("/api/admin/v1/aftersale/{kind}/{id}/refuse/", { ...path, body: { note: text } }));
      return unwrap(api.POST("/api/admin/v1/aftersale/{kind}/{id}/ask-info/", { ...path, body: { question: text } }));
    },
    onSuccess: (r) => {
      setOpen(null);
      setText("");
      onDone(r.credit_note);
      void qc.invalidateQueries({ queryKey: ["admin", "aftersale"] });
    },
  });
  const label = open === "accept" ? t("note") : open === "refuse" ? t("refuseNote") : t("question");
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        <Button aria-expanded={open === "accept"} onClick={() => setOpen("accept")}>
          {t("accept")}
        </Button>
        <Button variant="danger" aria-expanded={open === "refuse"} onClick={() => setOpen("refuse")}>
          {t("refuse")}
        </Button>
        <Button variant="secondary" aria-expanded={open === "ask"} onClick={() => setOpen("ask")}>
          {t("askInfo")}
        </Button>
      </div>
      {open ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            m.mutate(open);
          }}
        >
          {open === "accept" ? <p className="text-sm text-slate-700">{t("acceptHint")}</p> : null}
          <TextArea label={label} required={open !== "accept"} maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} />
          <ErrorText error={m.error} />
          <div className="flex gap-2">
            <Button type="submit" busy={m.isPending}>
              {t("send")}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              {t("close")}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
