import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, unwrap } from "../../api/client";
import { Alert, Badge, Button, Card, ErrorText, Field, Spinner, TextArea } from "../../components/ui";
import { money as fmt } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";

const messages = defineMessages({
  es: {
    title: "Pagos y reembolsos",
    paid: "Pagado",
    refunded: "Reembolsado",
    refundable: "Reembolsable",
    confirmTransfer: "Confirmar transferencia recibida",
    transferConfirmed: "Transferencia confirmada. Factura {invoice}.",
    resendLink: "Reenviar enlace de pago",
    linkSent: "Enlace de pago enviado a {email}.",
    refund: "Reembolsar",
    refundTitle: "Reembolso",
    byLines: "Por líneas",
    byAmount: "Por importe",
    mode: "Tipo de reembolso",
    linesCaption: "Líneas del pedido y unidades a reembolsar",
    product: "Producto",
    units: "Unidades",
    lineTotal: "Total línea",
    toRefund: "A reembolsar",
    unitsOf: "Unidades a reembolsar de {name} (máximo {max})",
    amount: "Importe en euros (IVA incluido)",
    reason: "Motivo",
    send: "Emitir abono y reembolsar",
    cancelForm: "Cerrar",
    done: "Abono {number} emitido por {amount}. Reembolso: {status}.",
    cancelOrder: "Cancelar pedido",
    cancelTitle: "Cancelar el pedido",
    cancelHint: "Si está pagado se reembolsa lo pendiente con un abono y vuelve el stock.",
    cancelConfirm: "Cancelar el pedido",
    cancelled: "Pedido cancelado.",
    creditNotes: "Abonos",
    refunds: "Reembolsos",
    auto_duplicate: "Cobro duplicado devuelto automáticamente",
    auto_late: "Pago tardío devuelto automáticamente",
    auto_amount_mismatch: "Pago con importe distinto devuelto automáticamente",
    noneRefundable: "No queda nada por reembolsar.",
    badAmount: "Escribe un importe válido, p. ej. 12,50",
    noLines: "Indica al menos una unidad",
    loading: "Cargando pagos…",
  },
  fr: {
    title: "Paiements et remboursements",
    paid: "Payé",
    refunded: "Remboursé",
    refundable: "Remboursable",
    confirmTransfer: "Confirmer le virement reçu",
    transferConfirmed: "Virement confirmé. Facture {invoice}.",
    resendLink: "Renvoyer le lien de paiement",
    linkSent: "Lien de paiement envoyé à {email}.",
    refund: "Rembourser",
    refundTitle: "Remboursement",
    byLines: "Par lignes",
    byAmount: "Par montant",
    mode: "Type de remboursement",
    linesCaption: "Lignes de la commande et unités à rembourser",
    product: "Produit",
    units: "Unités",
    lineTotal: "Total ligne",
    toRefund: "À rembourser",
    unitsOf: "Unités à rembourser de {name} (maximum {max})",
    amount: "Montant en euros (TTC)",
    reason: "Motif",
    send: "Émettre l'avoir et rembourser",
    cancelForm: "Fermer",
    done: "Avoir {number} émis pour {amount}. Remboursement : {status}.",
    cancelOrder: "Annuler la commande",
    cancelTitle: "Annuler la commande",
    cancelHint: "Si elle est payée, le reste est remboursé avec un avoir et le stock revient.",
    cancelConfirm: "Annuler la commande",
    cancelled: "Commande annulée.",
    creditNotes: "Avoirs",
    refunds: "Remboursements",
    auto_duplicate: "Paiement en double remboursé automatiquement",
    auto_late: "Paiement tardif remboursé automatiquement",
    auto_amount_mismatch: "Paiement d'un autre montant remboursé automatiquement",
    noneRefundable: "Plus rien à rembourser.",
    badAmount: "Saisissez un montant valide, ex. 12,50",
    noLines: "Indiquez au moins une unité",
    loading: "Chargement des paiements…",
  },
});

/** Euros typed by staff ("12,50") as cents, or null. */
function cents(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [e, c = ""] = t.split(".");
  return Number(e) * 100 + Number(c.padEnd(2, "0"));
}

/**
 * The money block of the order page: paid / refunded / refundable, refunds by lines or amount
 * (with the credit note issued), cancellation, transfer confirmation and the payment link again.
 * Each action shows only to roles with its permission (the server refuses it anyway).
 */
export function OrderMoneyActions({ orderId }: { orderId: number }) {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const qc = useQueryClient();
  const key = ["admin", "order-money", orderId] as const;
  const q = useQuery({
    queryKey: key,
    enabled: can("payments.read"),
    queryFn: () => unwrap(api.GET("/api/admin/v1/orders/{id}/money/", { params: { path: { id: orderId } } })),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<"refund" | "cancel" | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: ["admin", "orders"] });
  };

  const confirm = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/orders/{id}/confirm-transfer/", { params: { path: { id: orderId } } })),
    onSuccess: (r) => {
      setNotice(t("transferConfirmed", { invoice: r.invoice ?? "—" }));
      refresh();
    },
  });
  const link = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/orders/{id}/payment-link/", { params: { path: { id: orderId } } })),
    onSuccess: (r) => setNotice(t("linkSent", { email: r.sent_to })),
  });

  if (!can("payments.read")) return null;
  if (q.isPending) return <Spinner label={t("loading")} />;
  if (q.error) return <ErrorText error={q.error} />;
  const m = q.data;
  const a = m.actions;

  return (
    <Card title={t("title")}>
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">{t("paid")}</dt>
          <dd className="text-lg font-semibold">{fmt(m.paid, lang)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("refunded")}</dt>
          <dd className="text-lg font-semibold">{fmt(m.refunded, lang)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("refundable")}</dt>
          <dd className="text-lg font-semibold">{fmt(m.refundable, lang)}</dd>
        </div>
      </dl>
      {notice ? (
        <div role="status" className="mt-3">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <ErrorText error={confirm.error ?? link.error} />
      <div className="mt-3 flex flex-wrap gap-2">
        {a.confirm_transfer && can("payments.write") ? (
          <Button busy={confirm.isPending} onClick={() => confirm.mutate()}>
            {t("confirmTransfer")}
          </Button>
        ) : null}
        {a.resend_payment_link && can("payments.write") ? (
          <Button variant="secondary" busy={link.isPending} onClick={() => link.mutate()}>
            {t("resendLink")}
          </Button>
        ) : null}
        {a.refund && can("refunds.write") ? (
          <Button variant="secondary" aria-expanded={open === "refund"} onClick={() => setOpen(open === "refund" ? null : "refund")}>
            {t("refund")}
          </Button>
        ) : null}
        {a.cancel && can("refunds.write") ? (
          <Button variant="danger" aria-expanded={open === "cancel"} onClick={() => setOpen(open === "cancel" ? null : "cancel")}>
            {t("cancelOrder")}
          </Button>
        ) : null}
      </div>
      {open === "refund" && can("refunds.write") ? (
        <RefundForm
          orderId={orderId}
          rows={m.rows}
          refundable={m.refundable}
          onDone={(text) => {
            setNotice(text);
            setOpen(null);
            refresh();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === "cancel" && can("refunds.write") ? (
        <CancelForm
          orderId={orderId}
          onDone={() => {
            setNotice(t("cancelled"));
            setOpen(null);
            refresh();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {m.credit_notes.length ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">{t("creditNotes")}</h3>
          <ul className="mt-1 text-sm">
            {m.credit_notes.map((c) => (
              <li key={c.id}>
                <span className="font-mono">{c.number}</span> · {fmt(c.total, lang)} {c.reason ? `· ${c.reason}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {m.refunds.length ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold">{t("refunds")}</h3>
          <ul className="mt-1 text-sm">
            {m.refunds.map((r) => (
              <li key={r.id}>
                {r.reason ? <span className="font-semibold text-amber-900">{t(`auto_${r.reason}` as "auto_duplicate")} · </span> : null}
                {fmt(r.amount, lang)} · {r.provider} ·{" "}
                <Badge tone={r.status === "failed" ? "red" : r.status === "refunded" ? "green" : "amber"}>{r.status}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

type Row = { id: number; name: string; ref: string; quantity: number; final_total: number; refundable_quantity: number };

function RefundForm({
  orderId,
  rows,
  refundable,
  onDone,
  onClose,
}: {
  orderId: number;
  rows: Row[];
  refundable: number;
  onDone: (text: string) => void;
  onClose: () => void;
}) {
  const t = useT(messages);
  const lang = useLang();
  const [mode, setMode] = useState<"lines" | "amount">("lines");
  const [units, setUnits] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: (body: { lines?: { row_id: number; quantity: number }[]; amount?: number; reason: string }) =>
      unwrap(api.POST("/api/admin/v1/orders/{id}/refunds/", { params: { path: { id: orderId } }, body })),
    onSuccess: (r) => onDone(t("done", { number: r.credit_note.number, amount: fmt(-r.credit_note.total, lang), status: r.refund_status })),
  });
  if (refundable <= 0) return <p className="mt-3 text-sm text-slate-700">{t("noneRefundable")}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (mode === "amount") {
      const c = cents(amount);
      if (!c) return setProblem(t("badAmount"));
      m.mutate({ amount: c, reason });
    } else {
      const lines = Object.entries(units)
        .map(([id, v]) => ({ row_id: Number(id), quantity: Number(v) }))
        .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
      if (!lines.length) return setProblem(t("noLines"));
      m.mutate({ lines, reason });
    }
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3 rounded-md border border-slate-300 p-3" aria-label={t("refundTitle")}>
      <fieldset className="flex gap-4 text-sm">
        <legend className="mb-1 font-medium">{t("mode")}</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name="mode" checked={mode === "lines"} onChange={() => setMode("lines")} /> {t("byLines")}
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="mode" checked={mode === "amount"} onChange={() => setMode("amount")} /> {t("byAmount")}
        </label>
      </fieldset>
      {mode === "lines" ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("linesCaption")}</caption>
            <thead>
              <tr className="text-left text-slate-700">
                <th scope="col">{t("product")}</th>
                <th scope="col">{t("units")}</th>
                <th scope="col">{t("lineTotal")}</th>
                <th scope="col">{t("toRefund")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="py-1">
                    {r.name} <span className="text-slate-600">({r.ref})</span>
                  </td>
                  <td>{r.quantity}</td>
                  <td>{fmt(r.final_total, lang)}</td>
                  <td>
                    <input
                      type="number"
                      min={0}
                      max={r.refundable_quantity}
                      disabled={r.refundable_quantity === 0}
                      aria-label={t("unitsOf", { name: r.name, max: r.refundable_quantity })}
                      className="w-20 rounded-md border border-slate-400 px-2 py-1"
                      value={units[r.id] ?? ""}
                      onChange={(e) => setUnits({ ...units, [r.id]: e.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Field label={t("amount")} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} hint={`≤ ${fmt(refundable, lang)}`} />
      )}
      <TextArea label={t("reason")} required minLength={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <ErrorText error={m.error} />
      <div className="flex gap-2">
        <Button type="submit" busy={m.isPending}>
          {t("send")}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t("cancelForm")}
        </Button>
      </div>
    </form>
  );
}

function CancelForm({ orderId, onDone, onClose }: { orderId: number; onDone: () => void; onClose: () => void }) {
  const t = useT(messages);
  const [reason, setReason] = useState("");
  const m = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/orders/{id}/cancel/", { params: { path: { id: orderId } }, body: { reason } })),
    onSuccess: onDone,
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate();
      }}
      className="mt-4 flex flex-col gap-3 rounded-md border border-red-300 p-3"
      aria-label={t("cancelTitle")}
    >
      <p className="text-sm text-slate-700">{t("cancelHint")}</p>
      <TextArea label={t("reason")} required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      <ErrorText error={m.error} />
      <div className="flex gap-2">
        <Button type="submit" variant="danger" busy={m.isPending}>
          {t("cancelConfirm")}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t("cancelForm")}
        </Button>
      </div>
    </form>
  );
}
