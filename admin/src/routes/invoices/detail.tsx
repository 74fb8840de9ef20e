import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { api, download, unwrap } from "../../api/client";
import { Alert, Badge, Button, ButtonLink, Card, ErrorText, Field, PageHeader, Spinner } from "../../components/ui";
import { dateTime, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";
import { messages as shared } from "./messages";

const messages = defineMessages({
  es: {
    ...shared.es,
    back: "← Facturas",
    issued: "Emitida el {date}",
    seller: "Emisor",
    buyer: "Destinatario",
    lines: "Líneas",
    linesCaption: "Líneas del documento",
    description: "Descripción",
    ref: "Referencia",
    qty: "Cant.",
    unit: "Precio (IVA incl.)",
    discount: "Descuento",
    rate: "Tipo",
    lineTotal: "Importe",
    breakdown: "Desglose de IVA",
    breakdownCaption: "Base e IVA por tipo",
    payment: "Pago: {method} · {date}",
    corrects: "Rectifica la factura",
    reason: "Motivo",
    related: "Otros documentos del pedido",
    orderStatus: "Estado {status}",
    download: "Descargar PDF",
    view: "Ver PDF",
    resendTitle: "Reenviar al cliente",
    resendTo: "Enviar a (vacío: {email})",
    resendNoEmail: "Enviar a",
    resend: "Reenviar PDF",
    resent: "Enviado a {to}. Queda en el registro de cambios y en el historial del pedido.",
    vfTitle: "Registro VERI*FACTU",
    vfNone: "Sin registro: solo las facturas de la tienda española llevan registro VERI*FACTU.",
    vfStatus: "Envío a la AEAT",
    vfHash: "Huella",
    vfPrev: "Huella anterior",
    vfPrevNumber: "Registro anterior",
    vfFirst: "Primer registro de la cadena",
    vfGenerated: "Generado",
    vfQr: "URL del código QR",
    vfAttempts: "Intentos: {n}",
    vfLastError: "Último error",
    vfChecks: "Comprobaciones",
    vfFingerprintOk: "La huella corresponde a sus datos",
    vfFingerprintBad: "La huella NO corresponde a sus datos",
    vfLinkOk: "Encadenada con el registro anterior",
    vfLinkBad: "NO encadena con el registro anterior",
    vfHead: "Último registro de la cadena",
    vfNotice: "El envío a la AEAT aún no está conectado: los registros esperan en cola («pendiente»).",
  },
  fr: {
    ...shared.fr,
    back: "← Factures",
    issued: "Émise le {date}",
    seller: "Émetteur",
    buyer: "Destinataire",
    lines: "Lignes",
    linesCaption: "Lignes du document",
    description: "Désignation",
    ref: "Référence",
    qty: "Qté",
    unit: "Prix (TTC)",
    discount: "Remise",
    rate: "Taux",
    lineTotal: "Montant",
    breakdown: "Ventilation de la TVA",
    breakdownCaption: "Base et TVA par taux",
    payment: "Paiement : {method} · {date}",
    corrects: "Rectifie la facture",
    reason: "Motif",
    related: "Autres documents de la commande",
    orderStatus: "Statut {status}",
    download: "Télécharger le PDF",
    view: "Voir le PDF",
    resendTitle: "Renvoyer au client",
    resendTo: "Envoyer à (vide : {email})",
    resendNoEmail: "Envoyer à",
    resend: "Renvoyer le PDF",
    resent: "Envoyé à {to}. C'est noté dans le journal et l'historique de la commande.",
    vfTitle: "Enregistrement VERI*FACTU",
    vfNone: "Pas d'enregistrement : seules les factures de la boutique espagnole en ont un.",
    vfStatus: "Envoi à l'AEAT",
    vfHash: "Empreinte",
    vfPrev: "Empreinte précédente",
    vfPrevNumber: "Enregistrement précédent",
    vfFirst: "Premier enregistrement de la chaîne",
    vfGenerated: "Généré",
    vfQr: "URL du QR code",
    vfAttempts: "Tentatives : {n}",
    vfLastError: "Dernière erreur",
    vfChecks: "Vérifications",
    vfFingerprintOk: "L'empreinte correspond à ses données",
    vfFingerprintBad: "L'empreinte NE correspond PAS à ses données",
    vfLinkOk: "Chaînée à l'enregistrement précédent",
    vfLinkBad: "N'est PAS chaînée à l'enregistrement précédent",
    vfHead: "Dernier enregistrement de la chaîne",
    vfNotice: "L'envoi à l'AEAT n'est pas encore branché : les enregistrements attendent en file (« en attente »).",
  },
});

const pct = (bp: number, lang: "es" | "fr") => `${new Intl.NumberFormat(lang === "es" ? "es-ES" : "fr-FR", { maximumFractionDigits: 2 }).format(bp / 100)} %`;

export default function InvoiceDetailPage() {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const id = Number(useParams().id);
  const [to, setTo] = useState("");
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const q = useQuery({
    queryKey: ["admin", "invoice", id],
    queryFn: () => unwrap(api.GET("/api/admin/v1/invoices/{id}/", { params: { path: { id } } })),
    enabled: Number.isInteger(id) && id > 0,
  });
  const resend = useMutation({
    mutationFn: (address: string) =>
      unwrap(api.POST("/api/admin/v1/invoices/{id}/resend/", { params: { path: { id } }, body: address ? { to: address } : {} })),
  });
  const d = q.data;
  if (q.isPending) return <Spinner label="…" />;
  if (!d) return <ErrorText error={q.error} />;
  const vf = d.verifactu;
  const onResend = (e: FormEvent) => {
    e.preventDefault();
    resend.mutate(to.trim());
  };
  return (
    <>
      <p className="mb-2">
        <Link to="/invoices" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader
        title={`${t(d.kind === "credit_note" ? "creditNote" : "invoice")} ${d.number}`}
        subtitle={
          <>
            {t("issued", { date: dateTime(d.issued_at, lang) })} · {d.store} · {d.type} ·{" "}
            <Link className="text-brand-700 underline" to={`/orders/${d.order.id}`}>
              {t("order")} {d.order.number}
            </Link>
          </>
        }
        actions={
          <>
            <a
              className="inline-flex min-h-[40px] items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
              href={d.pdf_url}
              target="_blank"
              rel="noopener"
            >
              {t("view")}
            </a>
            <Button variant="secondary" onClick={() => download(`${d.pdf_url}?download=1`).catch(setDownloadError)}>
              {t("download")}
            </Button>
          </>
        }
      />
      <ErrorText error={downloadError} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <div className="grid gap-4 sm:grid-cols-2">
            <Card title={t("seller")}>
              <p className="font-medium text-slate-900">{d.seller.name}</p>
              <p className="text-sm text-slate-700">{[d.seller.tax_id, d.seller.vat_number].filter(Boolean).join(" · ")}</p>
              <p className="text-sm text-slate-700">{d.seller.address.join(", ")}</p>
            </Card>
            <Card title={t("buyer")}>
              <p className="font-medium text-slate-900 break-words">{d.customer.name}</p>
              {d.customer.tax_id ? <p className="text-sm text-slate-700">{d.customer.tax_id}</p> : null}
              {d.customer.address.length ? <p className="text-sm text-slate-700">{d.customer.address.join(", ")}</p> : null}
              {d.customer.email ? <p className="text-sm text-slate-700">{d.customer.email}</p> : null}
            </Card>
          </div>
          <Card title={t("lines")}>
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">{t("linesCaption")}</caption>
                <thead>
                  <tr>
                    {[t("description"), t("ref"), t("qty"), t("unit"), t("discount"), t("rate"), t("lineTotal")].map((h, i) => (
                      <th key={h} scope="col" className={`px-2 py-1 font-semibold text-slate-700 ${i >= 2 ? "text-right" : "text-left"}`}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.lines.map((l, i) => (
                    <tr key={`${l.ref}-${i}`}>
                      <td className="px-2 py-1">{l.description}</td>
                      <td className="px-2 py-1 font-mono text-xs">{l.ref}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{l.quantity}</td>
                      <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">{money(l.unit_gross, lang)}</td>
                      <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">{l.discount ? money(l.discount, lang) : "—"}</td>
                      <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">{pct(l.vat_rate_bp, lang)}</td>
                      <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">{money(l.gross, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-900">{t("breakdown")}</h3>
            <table className="text-sm">
              <caption className="sr-only">{t("breakdownCaption")}</caption>
              <thead>
                <tr>
                  {[t("rate"), t("base"), t("vat"), t("total")].map((h) => (
                    <th key={h} scope="col" className="px-2 py-1 text-right font-semibold text-slate-700">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.vat_breakdown.map((r) => (
                  <tr key={r.rate_bp}>
                    <td className="px-2 py-1 text-right tabular-nums">{pct(r.rate_bp, lang)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(r.base, lang)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(r.vat, lang)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(r.gross, lang)}</td>
                  </tr>
                ))}
                <tr className="border-t border-slate-300 font-semibold">
                  <td className="px-2 py-1 text-right">{t("total")}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{money(d.base, lang)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{money(d.vat, lang)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{money(d.total, lang)}</td>
                </tr>
              </tbody>
            </table>
            {d.payment_method ? (
              <p className="mt-3 text-sm text-slate-700">{t("payment", { method: d.payment_method, date: dateTime(d.paid_at, lang) })}</p>
            ) : null}
            {d.corrects ? (
              <p className="mt-2 text-sm text-slate-900">
                {t("corrects")}:{" "}
                <Link className="text-brand-700 underline" to={`/invoices/${d.corrects.id}`}>
                  {d.corrects.number}
                </Link>
                {d.reason ? ` · ${t("reason")}: ${d.reason}` : ""}
              </p>
            ) : null}
          </Card>
          {d.related.length ? (
            <Card title={t("related")}>
              <ul className="flex flex-col gap-1 text-sm">
                {d.related.map((r) => (
                  <li key={r.id}>
                    <Link className="text-brand-700 underline" to={`/invoices/${r.id}`}>
                      {r.number}
                    </Link>{" "}
                    · {t(r.kind === "credit_note" ? "creditNote" : "invoice")} · {money(r.total, lang)} · {dateTime(r.issued_at, lang)}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>

        <div className="flex flex-col gap-4">
          <Card title={t("vfTitle")}>
            {vf ? (
              <dl className="flex flex-col gap-2 text-sm">
                <div>
                  <dt className="text-slate-700">{t("vfStatus")}</dt>
                  <dd>
                    <Badge tone={vf.status === "rejected" ? "red" : vf.status === "accepted" ? "green" : "amber"}>{t(`status_${vf.status}`)}</Badge>{" "}
                    <span className="text-slate-700">{t("vfAttempts", { n: vf.attempts })}</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-700">{t("vfChecks")}</dt>
                  <dd className="flex flex-wrap gap-1">
                    <Badge tone={vf.fingerprint_ok ? "green" : "red"}>{t(vf.fingerprint_ok ? "vfFingerprintOk" : "vfFingerprintBad")}</Badge>
                    <Badge tone={vf.link_ok ? "green" : "red"}>{t(vf.link_ok ? "vfLinkOk" : "vfLinkBad")}</Badge>
                    {vf.is_chain_head ? <Badge tone="blue">{t("vfHead")}</Badge> : null}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-700">{t("vfHash")}</dt>
                  <dd className="break-all font-mono text-xs text-slate-900">{vf.hash}</dd>
                </div>
                <div>
                  <dt className="text-slate-700">{t("vfPrev")}</dt>
                  <dd className="break-all font-mono text-xs text-slate-900">{vf.previous_hash || "—"}</dd>
                </div>
                <div>
                  <dt className="text-slate-700">{t("vfPrevNumber")}</dt>
                  <dd className="text-slate-900">{vf.previous_number ?? t("vfFirst")}</dd>
                </div>
                <div>
                  <dt className="text-slate-700">{t("vfGenerated")}</dt>
                  <dd className="text-slate-900">{vf.generated_at}</dd>
                </div>
                <div>
                  <dt className="text-slate-700">{t("vfQr")}</dt>
                  <dd className="break-all text-xs">
                    <a className="text-brand-700 underline" href={vf.qr_url} target="_blank" rel="noopener noreferrer">
                      {vf.qr_url}
                    </a>
                  </dd>
                </div>
                {vf.last_error ? (
                  <div>
                    <dt className="text-slate-700">{t("vfLastError")}</dt>
                    <dd className="text-red-800">{vf.last_error}</dd>
                  </div>
                ) : null}
                {vf.status === "pending" ? <p className="text-xs text-slate-600">{t("vfNotice")}</p> : null}
              </dl>
            ) : (
              <p className="text-sm text-slate-700">{t("vfNone")}</p>
            )}
          </Card>
          {can("invoices.write") ? (
            <Card title={t("resendTitle")}>
              <form onSubmit={onResend} className="flex flex-col gap-3">
                <Field
                  label={d.customer.email ? t("resendTo", { email: d.customer.email }) : t("resendNoEmail")}
                  type="email"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                  required={!d.customer.email}
                  maxLength={254}
                />
                <Button type="submit" busy={resend.isPending}>
                  {t("resend")}
                </Button>
                <ErrorText error={resend.error} />
                {resend.data ? <Alert tone="success">{t("resent", { to: resend.data.sent_to })}</Alert> : null}
              </form>
            </Card>
          ) : null}
          {d.order_detail ? (
            <ButtonLink to={`/orders/${d.order_detail.id}`}>
              {t("order")} {d.order_detail.number} · {t("orderStatus", { status: d.order_detail.status })}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </>
  );
}
