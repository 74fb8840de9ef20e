import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import { Alert, Button, Card, EmptyState, ErrorText, Field, PageHeader, Spinner } from "../../components/ui";
import { dateTime, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";

const messages = defineMessages({
  es: {
    title: "Transferencias",
    subtitle: "Pedidos que esperan una transferencia, del más antiguo al más reciente. Confírmalas en 24 horas.",
    reference: "Número de pedido o referencia de la transferencia",
    confirm: "Confirmar transferencia",
    confirmed: "Pedido {number} pagado. Factura {invoice}.",
    caption: "Pedidos pendientes de transferencia",
    order: "Pedido",
    customer: "Cliente",
    total: "Importe",
    placed: "Realizado",
    expires: "Caduca",
    action: "Acción",
    confirmRow: "Confirmar la transferencia del pedido {number}",
    empty: "No hay transferencias pendientes.",
    loading: "Cargando transferencias…",
    given: "Abandonado",
  },
  fr: {
    title: "Virements",
    subtitle: "Commandes en attente d'un virement, de la plus ancienne à la plus récente. À confirmer sous 24 heures.",
    reference: "Numéro de commande ou référence du virement",
    confirm: "Confirmer le virement",
    confirmed: "Commande {number} payée. Facture {invoice}.",
    caption: "Commandes en attente de virement",
    order: "Commande",
    customer: "Client",
    total: "Montant",
    placed: "Passée le",
    expires: "Expire le",
    action: "Action",
    confirmRow: "Confirmer le virement de la commande {number}",
    empty: "Aucun virement en attente.",
    loading: "Chargement des virements…",
    given: "Abandonnée",
  },
});

export default function TransfersPage() {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const qc = useQueryClient();
  const [reference, setReference] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({ queryKey: ["admin", "transfers"], queryFn: () => unwrap(api.GET("/api/admin/v1/payments/transfers/")) });
  const confirm = useMutation({
    mutationFn: (ref: string) => unwrap(api.POST("/api/admin/v1/payments/transfers/confirm/", { body: { reference: ref } })),
    onSuccess: (r) => {
      setNotice(t("confirmed", { number: r.number, invoice: r.invoice ?? "—" }));
      setReference("");
      void qc.invalidateQueries({ queryKey: ["admin", "transfers"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    confirm.mutate(reference);
  };
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {can("payments.write") ? (
        <Card>
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <Field
              label={t("reference")}
              required
              minLength={3}
              maxLength={200}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              className="min-w-72 flex-1"
            />
            <Button type="submit" busy={confirm.isPending}>
              {t("confirm")}
            </Button>
          </form>
        </Card>
      ) : null}
      {notice ? (
        <div role="status">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <ErrorText error={confirm.error} />
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
                <th scope="col" className="p-2">
                  {t("order")}
                </th>
                <th scope="col" className="p-2">
                  {t("customer")}
                </th>
                <th scope="col" className="p-2">
                  {t("total")}
                </th>
                <th scope="col" className="p-2">
                  {t("placed")}
                </th>
                <th scope="col" className="p-2">
                  {t("expires")}
                </th>
                <th scope="col" className="p-2">
                  {t("action")}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((o) => (
                <tr key={o.id} className="border-t border-slate-200">
                  <td className="p-2">
                    <Link to={`/orders/${o.id}`} className="font-mono text-brand-800 underline">
                      {o.number}
                    </Link>
                    <div className="font-mono text-xs text-slate-600">{o.reference}</div>
                  </td>
                  <td className="p-2">
                    {o.name}
                    <div className="text-xs text-slate-600">{o.email}</div>
                  </td>
                  <td className="p-2">{money(o.total, lang)}</td>
                  <td className="p-2">{dateTime(o.placed_at, lang)}</td>
                  <td className="p-2">{o.status === 350 ? t("given") : dateTime(o.expires_at, lang)}</td>
                  <td className="p-2">
                    {can("payments.write") ? (
                      <Button variant="secondary" aria-label={t("confirmRow", { number: o.number })} onClick={() => confirm.mutate(o.number)}>
                        {t("confirm")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
