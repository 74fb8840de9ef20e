import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { Badge, Button, ButtonLink, Card, EmptyState, ErrorText, Field, PageHeader, Select, TextArea } from "../../components/ui";
import { dateTime, money } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";
import { useCan } from "../../lib/session";
import { OrderMoneyActions } from "../money/order-actions";
import { methodLabel, orderStatusLabel, paymentLabel, shippingLabel, statusTone, SUB_STATUS_OPTIONS, subStatusLabel } from "./labels";

type Paths = import("../../api/schema").paths;
type Detail = Paths["/api/admin/v1/orders/{id}/"]["get"]["responses"]["200"]["content"]["application/json"];
type AddressBody = NonNullable<Paths["/api/admin/v1/orders/{id}/"]["patch"]["requestBody"]>["content"]["application/json"];

const messages = defineMessages({
  es: {
    back: "Volver a pedidos",
    order: "Pedido {number}",
    placed: "Realizado el {date}",
    status: "Estado",
    moveTo: "Pasar a",
    move: "Cambiar estado",
    lines: "Líneas",
    linesCaption: "Líneas del pedido con su configuración",
    product: "Producto",
    qty: "Cant.",
    total: "Total",
    package: "Paquete",
    customer: "Cliente y direcciones",
    edit: "Editar",
    cancel: "Cancelar",
    save: "Guardar",
    locked: "Ya hay paquetes enviados: los datos de envío no se pueden cambiar.",
    name: "Nombre",
    surnames: "Apellidos",
    email: "Email",
    phone: "Teléfono",
    shipping: "Envío",
    billing: "Facturación",
    address: "Dirección",
    number: "Número, piso",
    postal: "Código postal",
    city: "Ciudad",
    province: "Provincia",
    country: "País (ES, FR…)",
    business: "Razón social",
    taxId: "NIF",
    observations: "Observaciones del cliente",
    professional: "Profesional",
    coupon: "Cupón",
    payments: "Pagos",
    paymentState: "Estado del pago",
    method: "Método",
    refunds: "Reembolsos",
    refunded: "Reembolsado: {amount}",
    refund_requested: "Pendiente",
    refund_refunded: "Devuelto",
    refund_failed: "Fallido",
    refund_manual: "A devolver por transferencia",
    invoices: "Facturas y abonos",
    none: "Ninguno.",
    packages: "Paquetes",
    newPackage: "Nuevo paquete con las líneas marcadas",
    choose: "Mover la línea {name} a un paquete nuevo",
    merge: "Unir paquetes",
    mergeFrom: "Unir el paquete",
    mergeInto: "en el paquete",
    ship: "Enviar",
    carrier: "Transportista",
    tracking: "Número de seguimiento",
    moveStatus: "Cambiar estado del paquete",
    newStatus: "Nuevo estado",
    apply: "Aplicar",
    delivery: "Entrega prevista {from} – {to}",
    requests: "Incidencias, devoluciones y desistimientos",
    timeline: "Historial",
    note: "Nota interna (no la ve el cliente)",
    addNote: "Añadir nota",
    kind_event: "Estado",
    kind_mail: "Email",
    kind_audit: "Cambio",
    kind_note: "Nota",
    kind_refund: "Reembolso",
    config: "Configuración",
  },
  fr: {
    back: "Retour aux commandes",
    order: "Commande {number}",
    placed: "Passée le {date}",
    status: "Statut",
    moveTo: "Passer à",
    move: "Changer le statut",
    lines: "Lignes",
    linesCaption: "Lignes de la commande avec leur configuration",
    product: "Produit",
    qty: "Qté",
    total: "Total",
    package: "Colis",
    customer: "Client et adresses",
    edit: "Modifier",
    cancel: "Annuler",
    save: "Enregistrer",
    locked: "Des colis sont déjà expédiés : les données de livraison ne peuvent plus changer.",
    name: "Prénom",
    surnames: "Nom",
    email: "E-mail",
    phone: "Téléphone",
    shipping: "Livraison",
    billing: "Facturation",
    address: "Adresse",
    number: "Numéro, étage",
    postal: "Code postal",
    city: "Ville",
    province: "Province / département",
    country: "Pays (ES, FR…)",
    business: "Raison sociale",
    taxId: "N° fiscal",
    observations: "Observations du client",
    professional: "Professionnel",
    coupon: "Code promo",
    payments: "Paiements",
    paymentState: "État du paiement",
    method: "Moyen",
    refunds: "Remboursements",
    refunded: "Remboursé : {amount}",
    refund_requested: "En attente",
    refund_refunded: "Remboursé",
    refund_failed: "Échoué",
    refund_manual: "À rembourser par virement",
    invoices: "Factures et avoirs",
    none: "Aucun.",
    packages: "Colis",
    newPackage: "Nouveau colis avec les lignes cochées",
    choose: "Déplacer la ligne {name} dans un nouveau colis",
    merge: "Fusionner des colis",
    mergeFrom: "Fusionner le colis",
    mergeInto: "dans le colis",
    ship: "Expédier",
    carrier: "Transporteur",
    tracking: "Numéro de suivi",
    moveStatus: "Changer le statut du colis",
    newStatus: "Nouveau statut",
    apply: "Appliquer",
    delivery: "Livraison prévue {from} – {to}",
    requests: "Incidents, retours et rétractations",
    timeline: "Historique",
    note: "Note interne (invisible pour le client)",
    addNote: "Ajouter la note",
    kind_event: "Statut",
    kind_mail: "E-mail",
    kind_audit: "Modification",
    kind_note: "Note",
    kind_refund: "Remboursement",
    config: "Configuration",
  },
});

export default function OrderDetail() {
  const t = useT(messages);
  const lang = useLang();
  const can = useCan();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const key = ["admin", "order", id];
  const q = useQuery({ queryKey: key, queryFn: () => unwrap(api.GET("/api/admin/v1/orders/{id}/", { params: { path: { id } } })) });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);

  const move = useMutation({
    mutationFn: (status: 450 | 500) => unwrap(api.PUT("/api/admin/v1/orders/{id}/status/", { params: { path: { id } }, body: { status } })),
    onSuccess: refresh,
  });
  const patch = useMutation({
    mutationFn: (body: AddressBody) => unwrap(api.PATCH("/api/admin/v1/orders/{id}/", { params: { path: { id } }, body })),
    onSuccess: () => {
      setEditing(false);
      return refresh();
    },
  });
  const note = useMutation({
    mutationFn: (body: string) => unwrap(api.POST("/api/admin/v1/orders/{id}/notes/", { params: { path: { id } }, body: { body } })),
    onSuccess: refresh,
  });
  const split = useMutation({
    mutationFn: (rowIds: number[]) => unwrap(api.POST("/api/admin/v1/orders/{id}/packages/", { params: { path: { id } }, body: { row_ids: rowIds } })),
    onSuccess: () => {
      setChosen([]);
      return refresh();
    },
  });
  const merge = useMutation({
    mutationFn: (b: { from: number; into: number }) => unwrap(api.POST("/api/admin/v1/orders/{id}/packages/merge/", { params: { path: { id } }, body: b })),
    onSuccess: refresh,
  });
  const moveSub = useMutation({
    mutationFn: (b: { sub: number; status: number; agency?: string; shipment_number?: string }) =>
      unwrap(
        api.PUT("/api/cart/v1/sub-orders/{id}/", {
          params: { path: { id: b.sub }, query: {} as never },
          body: { status: b.status, ...(b.agency ? { agency: b.agency } : {}), ...(b.shipment_number ? { shipment_number: b.shipment_number } : {}) },
        }),
      ),
    onSuccess: refresh,
  });

  if (q.isPending) return <p role="status">…</p>;
  if (q.error) return <ErrorText error={q.error} />;
  const d: Detail = q.data;
  const o = d.order;
  const rowName = new Map(o.rows.map((r) => [r.id, r.name]));
  const openPkg = o.sub_orders.filter((s) => [100, 200, 300, 400].includes(s.status));

  const submitAddress = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body: Record<string, string | null> = {};
    for (const [k, v] of f.entries()) body[k] = String(v).trim() || null;
    if (!body.name) delete body.name;
    if (!body.email) delete body.email;
    patch.mutate(body as AddressBody);
  };

  return (
    <>
      <PageHeader
        title={t("order", { number: o.order_number })}
        subtitle={
          <>
            {t("placed", { date: dateTime(o.placed_at ?? o.created_at, lang) })} · {o.store} ·{" "}
            <Badge tone={statusTone(o.status)}>{orderStatusLabel(o.status, lang)}</Badge> · {paymentLabel(d.payment_state, lang)} ·{" "}
            {shippingLabel(d.shipping_state, lang)}
          </>
        }
        actions={<ButtonLink to="/orders">{t("back")}</ButtonLink>}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Card title={t("lines")}>
            <div className="overflow-x-auto">
              <table className="min-w-full text-sm">
                <caption className="sr-only">{t("linesCaption")}</caption>
                <thead>
                  <tr className="text-left text-xs uppercase text-slate-700">
                    {can("packages.write") ? <th scope="col" className="w-8 py-1" /> : null}
                    <th scope="col" className="py-1">
                      {t("product")}
                    </th>
                    <th scope="col" className="py-1">
                      {t("qty")}
                    </th>
                    <th scope="col" className="py-1">
                      {t("package")}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {t("total")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {o.rows.map((r) => (
                    <tr key={r.id} className="align-top">
                      {can("packages.write") ? (
                        <td className="py-2">
                          <input
                            type="checkbox"
                            className="h-4 w-4"
                            aria-label={t("choose", { name: r.name })}
                            checked={chosen.includes(r.id)}
                            onChange={(e) => setChosen(e.target.checked ? [...chosen, r.id] : chosen.filter((x) => x !== r.id))}
                          />
                        </td>
                      ) : null}
                      <td className="py-2">
                        <p className="font-medium text-slate-900">
                          {r.name} <span className="text-xs text-slate-600">({r.ref})</span>
                        </p>
                        <ul className="mt-1 text-xs text-slate-700">
                          {r.summary.map((s) => (
                            <li key={`${s.label}-${s.value}`}>
                              <span className="font-medium">{s.label}:</span> {s.value}
                            </li>
                          ))}
                          {r.lines
                            .filter((l) => l.kind !== "product")
                            .map((l) => (
                              <li key={`${l.ref}-${l.name}`}>
                                + {l.quantity} × {l.name} ({l.ref}) · {money(l.total, lang)}
                              </li>
                            ))}
                        </ul>
                      </td>
                      <td className="py-2">{r.quantity}</td>
                      <td className="py-2">{o.sub_orders.find((s) => s.id === r.sub_order)?.package ?? "—"}</td>
                      <td className="py-2 text-right whitespace-nowrap">{money(r.final_total, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-3 text-right text-sm font-semibold text-slate-900">
              {t("total")}: {money(o.prices.total, lang)}
            </p>
            {o.observations ? (
              <p className="mt-2 text-sm text-slate-800">
                <span className="font-medium">{t("observations")}:</span> {o.observations}
              </p>
            ) : null}
          </Card>

          <Card title={t("packages")}>
            <ErrorText error={split.error ?? merge.error ?? moveSub.error} />
            {o.sub_orders.length ? (
              <ul className="flex flex-col gap-3">
                {o.sub_orders.map((s) => (
                  <li key={s.id} className="rounded-md border border-slate-200 p-3">
                    <p className="font-medium text-slate-900">
                      {t("package")} {s.package} · <Badge>{subStatusLabel(s.status, lang)}</Badge>
                    </p>
                    <p className="text-xs text-slate-700">
                      {s.rows.map((r) => rowName.get(r)).join(", ")}
                      {s.delivery_from ? ` · ${t("delivery", { from: s.delivery_from, to: s.delivery_to ?? "" })}` : ""}
                      {s.agency || s.shipment_number ? ` · ${s.agency ?? ""} ${s.shipment_number ?? ""}` : ""}
                    </p>
                    {can("packages.write") ? (
                      <div className="mt-2 flex flex-wrap items-end gap-2">
                        {[100, 200, 300, 400, 900].includes(s.status) ? (
                          <form
                            className="flex flex-wrap items-end gap-2"
                            onSubmit={(e) => {
                              e.preventDefault();
                              const f = new FormData(e.currentTarget);
                              moveSub.mutate({
                                sub: s.id,
                                status: 600,
                                agency: String(f.get("agency") ?? ""),
                                shipment_number: String(f.get("tracking") ?? ""),
                              });
                            }}
                          >
                            <Field label={t("carrier")} name="agency" required maxLength={100} defaultValue={s.agency ?? ""} />
                            <Field label={t("tracking")} name="tracking" required maxLength={100} defaultValue={s.shipment_number ?? ""} />
                            <Button type="submit" busy={moveSub.isPending}>
                              {t("ship")}
                            </Button>
                          </form>
                        ) : null}
                        <form
                          className="flex items-end gap-2"
                          onSubmit={(e) => {
                            e.preventDefault();
                            const v = Number(new FormData(e.currentTarget).get("status"));
                            if (v) moveSub.mutate({ sub: s.id, status: v });
                          }}
                        >
                          <Select label={t("newStatus")} name="status" defaultValue="">
                            <option value="">—</option>
                            {SUB_STATUS_OPTIONS.filter((x) => x !== s.status && x !== 600).map((x) => (
                              <option key={x} value={x}>
                                {subStatusLabel(x, lang)}
                              </option>
                            ))}
                          </Select>
                          <Button type="submit" variant="secondary" busy={moveSub.isPending}>
                            {t("apply")}
                          </Button>
                        </form>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState>{t("none")}</EmptyState>
            )}
            {can("packages.write") ? (
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <Button variant="secondary" disabled={!chosen.length} busy={split.isPending} onClick={() => split.mutate(chosen)}>
                  {t("newPackage")}
                </Button>
                {openPkg.length > 1 ? (
                  <form
                    className="flex flex-wrap items-end gap-2"
                    aria-label={t("merge")}
                    onSubmit={(e) => {
                      e.preventDefault();
                      const f = new FormData(e.currentTarget);
                      merge.mutate({ from: Number(f.get("from")), into: Number(f.get("into")) });
                    }}
                  >
                    <Select label={t("mergeFrom")} name="from">
                      {openPkg.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.package}
                        </option>
                      ))}
                    </Select>
                    <Select label={t("mergeInto")} name="into" defaultValue={openPkg[1]?.id}>
                      {openPkg.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.package}
                        </option>
                      ))}
                    </Select>
                    <Button type="submit" variant="secondary" busy={merge.isPending}>
                      {t("merge")}
                    </Button>
                  </form>
                ) : null}
              </div>
            ) : null}
          </Card>

          {/* Its own card (Pagos y reembolsos), wide enough for the refund form's lines. */}
          <OrderMoneyActions orderId={id} />

          <Card title={t("timeline")}>
            {can("orders.write") ? (
              <form
                className="mb-4 flex flex-col gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  const form = e.currentTarget;
                  const body = String(new FormData(form).get("body") ?? "").trim();
                  if (body) note.mutate(body, { onSuccess: () => form.reset() });
                }}
              >
                <TextArea label={t("note")} name="body" required maxLength={4000} rows={2} />
                <ErrorText error={note.error} />
                <div>
                  <Button type="submit" busy={note.isPending}>
                    {t("addNote")}
                  </Button>
                </div>
              </form>
            ) : null}
            <ol className="flex flex-col gap-2 text-sm">
              {d.timeline.map((e, i) => (
                <li key={`${e.at}-${i}`} className="border-l-2 border-slate-300 pl-3">
                  <p className="text-xs text-slate-600">
                    {dateTime(e.at, lang)} · {t(`kind_${e.kind}` as "kind_event")}
                    {e.actor ? ` · ${e.actor}` : ""}
                  </p>
                  <p className={e.kind === "note" ? "whitespace-pre-wrap text-slate-900" : "text-slate-800"}>{e.summary}</p>
                </li>
              ))}
            </ol>
          </Card>
        </div>

        <div className="flex flex-col gap-4">
          <Card title={t("status")}>
            <p className="mb-2">
              <Badge tone={statusTone(o.status)}>{orderStatusLabel(o.status, lang)}</Badge>
            </p>
            {can("orders.write") && [400, 450].includes(o.status) ? (
              <div className="flex flex-wrap gap-2">
                {([450, 500] as const)
                  .filter((s) => s > o.status)
                  .map((s) => (
                    <Button key={s} variant="secondary" busy={move.isPending} onClick={() => move.mutate(s)}>
                      {t("moveTo")} {orderStatusLabel(s, lang)}
                    </Button>
                  ))}
              </div>
            ) : null}
            <ErrorText error={move.error} />
          </Card>

          <Card
            title={t("customer")}
            actions={
              can("orders.write") && d.address_editable && !editing ? (
                <Button variant="ghost" onClick={() => setEditing(true)}>
                  {t("edit")}
                </Button>
              ) : null
            }
          >
            {editing ? (
              <form onSubmit={submitAddress} className="flex flex-col gap-2">
                <Field label={t("name")} name="name" defaultValue={o.beneficiary.name ?? ""} required maxLength={100} />
                <Field label={t("surnames")} name="surnames" defaultValue={o.beneficiary.surnames ?? ""} maxLength={150} />
                <Field label={t("email")} name="email" type="email" defaultValue={o.beneficiary.email ?? ""} required />
                <Field label={t("phone")} name="phone" defaultValue={o.beneficiary.phone ?? ""} maxLength={30} />
                <h3 className="mt-2 text-sm font-semibold text-slate-900">{t("shipping")}</h3>
                <Field label={t("address")} name="shipping_address" defaultValue={o.shipping_address.address ?? ""} maxLength={200} />
                <Field label={t("number")} name="shipping_number" defaultValue={o.shipping_address.number ?? ""} maxLength={50} />
                <Field label={t("postal")} name="shipping_postal_code" defaultValue={o.shipping_address.postal_code ?? ""} maxLength={12} />
                <Field label={t("city")} name="shipping_city" defaultValue={o.shipping_address.city ?? ""} maxLength={100} />
                <Field label={t("province")} name="shipping_province" defaultValue={o.shipping_address.province ?? ""} maxLength={100} />
                <Field label={t("country")} name="shipping_country" defaultValue={o.shipping_address.country ?? ""} maxLength={2} />
                <h3 className="mt-2 text-sm font-semibold text-slate-900">{t("billing")}</h3>
                <Field label={t("business")} name="billing_business_name" defaultValue={o.billing.business_name ?? ""} maxLength={200} />
                <Field label={t("taxId")} name="billing_tax_id" defaultValue={o.billing.tax_id ?? ""} maxLength={30} />
                <Field label={t("address")} name="billing_address" defaultValue={o.billing.address ?? ""} maxLength={200} />
                <Field label={t("postal")} name="billing_postal_code" defaultValue={o.billing.postal_code ?? ""} maxLength={12} />
                <Field label={t("city")} name="billing_city" defaultValue={o.billing.city ?? ""} maxLength={100} />
                <ErrorText error={patch.error} />
                <div className="flex gap-2">
                  <Button type="submit" busy={patch.isPending}>
                    {t("save")}
                  </Button>
                  <Button variant="ghost" onClick={() => setEditing(false)}>
                    {t("cancel")}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex flex-col gap-2 text-sm text-slate-800">
                <p className="font-medium text-slate-900">
                  {o.beneficiary.name} {o.beneficiary.surnames} {o.professional ? <Badge tone="violet">{t("professional")}</Badge> : null}
                </p>
                <p>
                  {o.beneficiary.email} · {o.beneficiary.phone}
                </p>
                <p>
                  <span className="font-medium">{t("shipping")}:</span> {o.shipping_address.address} {o.shipping_address.number},{" "}
                  {o.shipping_address.postal_code} {o.shipping_address.city} ({o.shipping_address.province}) {o.shipping_address.country}
                </p>
                <p>
                  <span className="font-medium">{t("billing")}:</span> {o.billing.business_name} {o.billing.tax_id} · {o.billing.address} {o.billing.number},{" "}
                  {o.billing.postal_code} {o.billing.city}
                </p>
                {o.coupon_code ? (
                  <p>
                    <span className="font-medium">{t("coupon")}:</span> {o.coupon_code}
                  </p>
                ) : null}
                {!d.address_editable ? <p className="text-xs text-slate-600">{t("locked")}</p> : null}
              </div>
            )}
          </Card>

          <Card title={t("payments")}>
            <p className="text-sm text-slate-800">
              {t("method")}: {methodLabel(o.payment_method, lang)} · {t("paymentState")}: {paymentLabel(d.payment_state, lang)}
            </p>
            <ul className="mt-2 text-xs text-slate-700">
              {d.payments.map((p) => (
                <li key={p.id}>
                  {dateTime(p.created_at, lang)} · {p.provider}/{p.method} · {money(p.amount, lang)} · {p.status}
                </li>
              ))}
            </ul>
            <h3 className="mt-3 text-sm font-semibold text-slate-900">{t("refunds")}</h3>
            {d.refunds.length ? (
              <>
                <ul className="text-xs text-slate-700">
                  {d.refunds.map((r) => (
                    <li key={r.id} className={r.automatic ? "mt-1 rounded border border-amber-300 bg-amber-50 p-2" : undefined}>
                      {r.automatic ? <span className="font-semibold text-amber-900">{r.label} · </span> : null}
                      {dateTime(r.created_at, lang)} · {money(r.amount, lang)} ·{" "}
                      <Badge tone={r.status === "refunded" ? "green" : r.status === "failed" ? "red" : "amber"}>
                        {t(`refund_${r.status}` as "refund_requested")}
                      </Badge>
                      {r.payment_psp_reference ? ` · ${r.payment_psp_reference}` : ""}
                      {r.last_error ? <span className="block text-red-800">{r.last_error}</span> : null}
                    </li>
                  ))}
                </ul>
                <p className="text-sm">{t("refunded", { amount: money(d.refunded_total, lang) })}</p>
              </>
            ) : (
              <p className="text-xs text-slate-600">{t("none")}</p>
            )}
          </Card>

          <Card title={t("invoices")}>
            {d.invoices.length ? (
              <ul className="text-sm text-slate-800">
                {d.invoices.map((i) => (
                  <li key={i.id}>
                    {i.number} · {i.kind === "invoice" ? "F" : "R"} · {money(i.total, lang)} · {dateTime(i.issued_at, lang)}
                    {i.reason ? ` · ${i.reason}` : ""}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-slate-600">{t("none")}</p>
            )}
          </Card>

          <Card title={t("requests")}>
            {o.requests.length ? (
              <ul className="text-sm text-slate-800">
                {o.requests.map((r) => (
                  <li key={r.id}>
                    {r.kind} · {r.status} · {r.reason}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-slate-600">{t("none")}</p>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
