import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { Alert, Badge, Button, Card, EmptyState, ErrorText, Field, PageHeader, Select, TextArea, cx } from "../../components/ui";
import { dateTime, money, parseEuros } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

type Paths = import("../../api/schema").paths;
type Review = Paths["/api/admin/v1/moderation/reviews/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];
type Question = Paths["/api/admin/v1/moderation/questions/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];
type Quote = Paths["/api/admin/v1/moderation/quote-requests/"]["get"]["responses"]["200"]["content"]["application/json"]["results"][number];

const messages = defineMessages({
  es: {
    title: "Moderación",
    subtitle:
      "Las opiniones de compras verificadas se publican al momento salvo que lleven enlaces o datos de contacto: esas esperan aquí. Nunca se retienen por la nota.",
    reviews: "Opiniones",
    questions: "Preguntas",
    quotes: "Presupuestos de instalación",
    status: "Estado",
    all: "Todos",
    pending: "Pendiente",
    published: "Publicada",
    hidden: "Oculta",
    answered: "Respondida",
    rejected: "Rechazada",
    open: "Abierta",
    closed: "Cerrada",
    rating: "Estrellas",
    product: "Producto (id)",
    publish: "Publicar",
    hide: "Ocultar",
    reply: "Respuesta pública de la tienda",
    saveReply: "Guardar respuesta",
    removeReply: "Quitar respuesta",
    answer: "Respuesta",
    sendAnswer: "Responder y publicar",
    reject: "Rechazar",
    price: "Precio con IVA (€)",
    message: "Mensaje para el cliente",
    sendPrice: "Enviar precio por email",
    badPrice: "Escribe un precio válido, p. ej. 1234,50",
    quoted: "Precio enviado: {p}",
    more: "Cargar más",
    none: "Nada que mostrar con estos filtros.",
    verified: "Compra verificada",
    held: "Retenida: {r}",
    link: "contiene un enlace",
    contact: "contiene datos de contacto",
    asker: "De {name} <{email}>",
    done: "Hecho.",
  },
  fr: {
    title: "Modération",
    subtitle:
      "Les avis d'achats vérifiés sont publiés aussitôt, sauf s'ils contiennent des liens ou des coordonnées : ceux-là attendent ici. Jamais retenus pour leur note.",
    reviews: "Avis",
    questions: "Questions",
    quotes: "Devis d'installation",
    status: "Statut",
    all: "Tous",
    pending: "En attente",
    published: "Publié",
    hidden: "Masqué",
    answered: "Répondue",
    rejected: "Rejetée",
    open: "Ouverte",
    closed: "Fermée",
    rating: "Étoiles",
    product: "Produit (id)",
    publish: "Publier",
    hide: "Masquer",
    reply: "Réponse publique de la boutique",
    saveReply: "Enregistrer la réponse",
    removeReply: "Retirer la réponse",
    answer: "Réponse",
    sendAnswer: "Répondre et publier",
    reject: "Rejeter",
    price: "Prix TTC (€)",
    message: "Message pour le client",
    sendPrice: "Envoyer le prix par e-mail",
    badPrice: "Saisissez un prix valide, ex. 1234,50",
    quoted: "Prix envoyé : {p}",
    more: "Charger plus",
    none: "Rien à afficher avec ces filtres.",
    verified: "Achat vérifié",
    held: "Retenu : {r}",
    link: "contient un lien",
    contact: "contient des coordonnées",
    asker: "De {name} <{email}>",
    done: "Fait.",
  },
});
type T = ReturnType<typeof useT<typeof messages>>;

const TABS = ["reviews", "questions", "quotes"] as const;

export default function ModerationPage() {
  const t = useT(messages);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as (typeof TABS)[number]) : "reviews";
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div role="tablist" aria-label={t("title")} className="mb-4 flex flex-wrap gap-2 border-b border-slate-200">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`panel-${k}`}
            onClick={() => setParams({ tab: k })}
            className={cx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              tab === k ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700",
            )}
          >
            {t(k)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "reviews" ? <Reviews t={t} /> : tab === "questions" ? <Questions t={t} /> : <Quotes t={t} />}
      </div>
    </div>
  );
}

function More({ q, t }: { q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }; t: T }) {
  return q.hasNextPage ? (
    <Button className="mt-3" variant="secondary" busy={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
      {t("more")}
    </Button>
  ) : null;
}

function Reviews({ t }: { t: T }) {
  const lang = useLang();
  const qc = useQueryClient();
  const [status, setStatus] = useState("pending");
  const [rating, setRating] = useState("");
  const [product, setProduct] = useState("");
  const filters = {
    ...(status ? { status } : {}),
    ...(rating ? { rating: Number(rating) } : {}),
    ...(/^\d+$/.test(product) ? { product: Number(product) } : {}),
  };
  const list = useInfiniteQuery({
    queryKey: ["admin", "moderation", "reviews", filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(api.GET("/api/admin/v1/moderation/reviews/", { params: { query: { ...filters, before: pageParam, limit: 30 } as never } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin", "moderation", "reviews"] });
  const setState = useMutation({
    mutationFn: (v: { id: number; status: "published" | "hidden" }) =>
      unwrap(api.PUT("/api/admin/v1/moderation/reviews/{id}/status/", { params: { path: { id: v.id } }, body: { status: v.status } })),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: (v: { id: number; reply: string | null }) =>
      unwrap(api.PUT("/api/admin/v1/moderation/reviews/{id}/reply/", { params: { path: { id: v.id } }, body: { reply: v.reply } })),
    onSuccess: refresh,
  });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <div className="space-y-3">
      <div className="grid max-w-2xl grid-cols-1 gap-3 sm:grid-cols-3">
        <Select label={t("status")} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t("all")}</option>
          <option value="pending">{t("pending")}</option>
          <option value="published">{t("published")}</option>
          <option value="hidden">{t("hidden")}</option>
        </Select>
        <Select label={t("rating")} value={rating} onChange={(e) => setRating(e.target.value)}>
          <option value="">{t("all")}</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {"★".repeat(n)}
            </option>
          ))}
        </Select>
        <Field label={t("product")} inputMode="numeric" value={product} onChange={(e) => setProduct(e.target.value)} />
      </div>
      <ErrorText error={list.error ?? setState.error ?? reply.error} />
      {list.isSuccess && !rows.length ? <EmptyState>{t("none")}</EmptyState> : null}
      <ul className="space-y-3">
        {rows.map((r) => (
          <li key={r.id}>
            <ReviewCard
              r={r}
              t={t}
              lang={lang}
              onState={(s) => setState.mutate({ id: r.id, status: s })}
              onReply={(text) => reply.mutate({ id: r.id, reply: text })}
            />
          </li>
        ))}
      </ul>
      <More q={list} t={t} />
    </div>
  );
}

function ReviewCard({
  r,
  t,
  lang,
  onState,
  onReply,
}: {
  r: Review;
  t: T;
  lang: "es" | "fr";
  onState: (s: "published" | "hidden") => void;
  onReply: (s: string | null) => void;
}) {
  const [text, setText] = useState(r.reply ?? "");
  return (
    <Card title={`${r.product_name} (${r.product_ref})`}>
      <p className="text-sm">
        <span aria-hidden="true">{"★".repeat(r.rating)}</span>
        <span className="sr-only">{`${r.rating} / 5`}</span> <b>{r.author}</b> · {dateTime(r.created_at, lang)}{" "}
        <Badge tone={r.status === "published" ? "green" : r.status === "hidden" ? "red" : "amber"}>{t(r.status)}</Badge>{" "}
        {r.verified ? <Badge tone="blue">{t("verified")}</Badge> : null}{" "}
        {r.held_reason ? <span className="text-xs text-slate-700">{t("held", { r: t(r.held_reason === "link" ? "link" : "contact") })}</span> : null}
      </p>
      <p className="mt-2 whitespace-pre-line" lang={r.language}>
        {r.body}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {r.status !== "published" ? <Button onClick={() => onState("published")}>{t("publish")}</Button> : null}
        {r.status !== "hidden" ? (
          <Button variant="danger" onClick={() => onState("hidden")}>
            {t("hide")}
          </Button>
        ) : null}
      </div>
      <div className="mt-3 space-y-2">
        <TextArea label={t("reply")} rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
        <div className="flex gap-2">
          <Button variant="secondary" disabled={!text.trim()} onClick={() => onReply(text.trim())}>
            {t("saveReply")}
          </Button>
          {r.reply ? (
            <Button variant="ghost" onClick={() => onReply(null)}>
              {t("removeReply")}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function Questions({ t }: { t: T }) {
  const lang = useLang();
  const qc = useQueryClient();
  const [status, setStatus] = useState("pending");
  const list = useInfiniteQuery({
    queryKey: ["admin", "moderation", "questions", status],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(api.GET("/api/admin/v1/moderation/questions/", { params: { query: { ...(status ? { status } : {}), before: pageParam, limit: 30 } as never } })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin", "moderation", "questions"] });
  const answer = useMutation({
    mutationFn: (v: { id: number; answer: string }) =>
      unwrap(api.POST("/api/admin/v1/moderation/questions/{id}/answer/", { params: { path: { id: v.id } }, body: { answer: v.answer } })),
    onSuccess: refresh,
  });
  const reject = useMutation({
    mutationFn: (id: number) => unwrap(api.POST("/api/admin/v1/moderation/questions/{id}/reject/", { params: { path: { id } }, body: {} })),
    onSuccess: refresh,
  });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <div className="space-y-3">
      <div className="max-w-xs">
        <Select label={t("status")} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t("all")}</option>
          <option value="pending">{t("pending")}</option>
          <option value="answered">{t("answered")}</option>
          <option value="rejected">{t("rejected")}</option>
        </Select>
      </div>
      <ErrorText error={list.error ?? answer.error ?? reject.error} />
      {list.isSuccess && !rows.length ? <EmptyState>{t("none")}</EmptyState> : null}
      <ul className="space-y-3">
        {rows.map((q) => (
          <li key={q.id}>
            <QuestionCard q={q} t={t} lang={lang} onAnswer={(a) => answer.mutate({ id: q.id, answer: a })} onReject={() => reject.mutate(q.id)} />
          </li>
        ))}
      </ul>
      <More q={list} t={t} />
    </div>
  );
}

function QuestionCard({ q, t, lang, onAnswer, onReject }: { q: Question; t: T; lang: "es" | "fr"; onAnswer: (a: string) => void; onReject: () => void }) {
  const [text, setText] = useState(q.answer ?? "");
  return (
    <Card title={`${q.product_name} (${q.product_ref})`}>
      <p className="text-sm text-slate-700">
        {t("asker", { name: q.name, email: q.email })} {q.phone ? `· ${q.phone}` : ""} · {dateTime(q.created_at, lang)}{" "}
        <Badge tone={q.status === "answered" ? "green" : q.status === "rejected" ? "red" : "amber"}>{t(q.status)}</Badge>
      </p>
      <p className="mt-2 whitespace-pre-line" lang={q.language}>
        {q.question}
      </p>
      <div className="mt-3 space-y-2">
        <TextArea label={t("answer")} rows={3} maxLength={10000} value={text} onChange={(e) => setText(e.target.value)} />
        <div className="flex flex-wrap gap-2">
          <Button disabled={text.trim().length < 2} onClick={() => onAnswer(text.trim())}>
            {t("sendAnswer")}
          </Button>
          {q.status !== "rejected" ? (
            <Button variant="danger" onClick={onReject}>
              {t("reject")}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function Quotes({ t }: { t: T }) {
  const lang = useLang();
  const qc = useQueryClient();
  const [status, setStatus] = useState("open");
  const list = useInfiniteQuery({
    queryKey: ["admin", "moderation", "quotes", status],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET("/api/admin/v1/moderation/quote-requests/", { params: { query: { ...(status ? { status } : {}), before: pageParam, limit: 30 } as never } }),
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <div className="space-y-3">
      <div className="max-w-xs">
        <Select label={t("status")} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t("all")}</option>
          <option value="open">{t("open")}</option>
          <option value="answered">{t("answered")}</option>
          <option value="closed">{t("closed")}</option>
        </Select>
      </div>
      <ErrorText error={list.error} />
      {list.isSuccess && !rows.length ? <EmptyState>{t("none")}</EmptyState> : null}
      <ul className="space-y-3">
        {rows.map((r) => (
          <li key={r.id}>
            <QuoteCard r={r} t={t} lang={lang} onDone={() => qc.invalidateQueries({ queryKey: ["admin", "moderation", "quotes"] })} />
          </li>
        ))}
      </ul>
      <More q={list} t={t} />
    </div>
  );
}

function QuoteCard({ r, t, lang, onDone }: { r: Quote; t: T; lang: "es" | "fr"; onDone: () => void }) {
  const [price, setPrice] = useState("");
  const [message, setMessage] = useState("");
  const [priceError, setPriceError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (cents: number) =>
      unwrap(api.POST("/api/admin/v1/moderation/quote-requests/{id}/reply/", { params: { path: { id: r.id } }, body: { price_cents: cents, message } })),
    onSuccess: onDone,
  });
  return (
    <Card title={`${r.reference} · ${r.city}`}>
      <p className="text-sm text-slate-700">
        {r.name} &lt;{r.email}&gt; {r.phone ? `· ${r.phone}` : ""} · {[r.postal_code, r.town].filter(Boolean).join(" ")} · {dateTime(r.created_at, lang)}{" "}
        <Badge tone={r.status === "open" ? "amber" : "green"}>{t(r.status)}</Badge>
      </p>
      {r.product_ref ? <p className="text-sm">{r.product_ref}</p> : null}
      {r.message ? <p className="mt-2 whitespace-pre-line">{r.message}</p> : null}
      {r.quoted_cents != null ? <Alert tone="info">{t("quoted", { p: money(r.quoted_cents, lang) })}</Alert> : null}
      <form
        className="mt-3 grid gap-2 md:grid-cols-3 md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const cents = parseEuros(price);
          if (cents == null || cents <= 0) return setPriceError(t("badPrice"));
          setPriceError(undefined);
          send.mutate(cents);
        }}
      >
        <Field label={t("price")} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} error={priceError} />
        <TextArea label={t("message")} rows={2} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} className="md:col-span-2" />
        <Button type="submit" busy={send.isPending}>
          {t("sendPrice")}
        </Button>
      </form>
      <ErrorText error={send.error} />
      {send.isSuccess ? <Alert tone="success">{t("done")}</Alert> : null}
    </Card>
  );
}
