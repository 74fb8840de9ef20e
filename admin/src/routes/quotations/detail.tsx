import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { Alert, Badge, Button, Card, ErrorText, Field, PageHeader, Select, Spinner } from "../../components/ui";
import { date, money, parseEuros } from "../../lib/format";
import { defineMessages, useLang, useT } from "../../lib/i18n";

const messages = defineMessages({
  es: {
    title: "Presupuesto {number}",
    loading: "Cargando presupuesto…",
    customer: "Cliente",
    expires: "Válido hasta",
    sent: "Enviado {date} ({count} veces)",
    notSent: "Aún no enviado",
    rows: "Líneas del presupuesto",
    product: "Producto",
    quantity: "Cantidad",
    quantityOf: "Cantidad de {name}",
    lineTotal: "Importe",
    discount: "Descuento",
    discountKind: "Tipo de descuento de {name}",
    discountValue: "Descuento de {name}",
    cents: "Euros",
    percent: "%",
    none: "Sin descuento",
    final: "Final",
    apply: "Aplicar",
    remove: "Quitar",
    removeRow: "Quitar {name}",
    subtotal: "Subtotal",
    shipping: "Envío",
    total: "Total (IVA incluido)",
    vat: "IVA incluido",
    addTitle: "Añadir producto",
    searchProduct: "Nombre o referencia",
    search: "Buscar",
    choose: "Elegir {name}",
    add: "Añadir al presupuesto",
    send: "Enviar al cliente",
    days: "Días de validez",
    sentOk: "Presupuesto enviado por email con su PDF y el enlace de pago.",
    extend: "Ampliar validez",
    extendDays: "Días más",
    convert: "Convertir en pedido",
    converted: "Convertido en el pedido {number} (pendiente de pago).",
    payLink: "Enlace de pago del cliente",
    notDelivered: "No se entrega en el código postal de este presupuesto.",
    open: "Abierto",
    expired: "Caducado",
    badAmount: "Escribe un importe válido",
  },
  fr: {
    title: "Devis {number}",
    loading: "Chargement du devis…",
    customer: "Client",
    expires: "Valable jusqu’au",
    sent: "Envoyé le {date} ({count} fois)",
    notSent: "Pas encore envoyé",
    rows: "Lignes du devis",
    product: "Produit",
    quantity: "Quantité",
    quantityOf: "Quantité de {name}",
    lineTotal: "Montant",
    discount: "Remise",
    discountKind: "Type de remise de {name}",
    discountValue: "Remise de {name}",
    cents: "Euros",
    percent: "%",
    none: "Sans remise",
    final: "Final",
    apply: "Appliquer",
    remove: "Retirer",
    removeRow: "Retirer {name}",
    subtotal: "Sous-total",
    shipping: "Livraison",
    total: "Total (TVA incluse)",
    vat: "TVA incluse",
    addTitle: "Ajouter un produit",
    searchProduct: "Nom ou référence",
    search: "Chercher",
    choose: "Choisir {name}",
    add: "Ajouter au devis",
    send: "Envoyer au client",
    days: "Jours de validité",
    sentOk: "Devis envoyé par e-mail avec son PDF et le lien de paiement.",
    extend: "Prolonger",
    extendDays: "Jours de plus",
    convert: "Convertir en commande",
    converted: "Converti en commande {number} (paiement en attente).",
    payLink: "Lien de paiement du client",
    notDelivered: "Pas de livraison au code postal de ce devis.",
    open: "Ouvert",
    expired: "Expiré",
    badAmount: "Saisissez un montant valide",
  },
});

type Attr = {
  id: number;
  slug: string;
  name: string;
  field_type: string;
  range: { min: number; max: number } | null;
  options: { id: number; name?: string; slug: string }[];
};

export default function QuotationDetail() {
  const t = useT(messages);
  const lang = useLang();
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const key = ["admin", "quotation", id];
  const [notice, setNotice] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<{ slug: string; name: string } | null>(null);
  const [choices, setChoices] = useState<Record<string, number>>({});
  const [qty, setQty] = useState(1);
  const [days, setDays] = useState(30);
  const [extra, setExtra] = useState(15);
  const [drafts, setDrafts] = useState<Record<number, { kind: "cents" | "percent" | ""; value: string }>>({});

  const quotation = useQuery({ queryKey: key, queryFn: () => unwrap(api.GET("/api/admin/v1/quotations/{id}/", { params: { path: { id } } })) });
  const store = (quotation.data?.store ?? "ESDB") as "ESDB" | "FRDB";
  const [term, setTerm] = useState<string | null>(null);
  const products = useQuery({
    queryKey: ["admin", "quotation-products", store, term],
    enabled: Boolean(term),
    queryFn: () => unwrap(api.GET("/api/admin/v1/quotations/products/", { params: { query: { store, q: term ?? "" } } })),
  });
  const attributes = useQuery({
    queryKey: ["admin", "quotation-attrs", store, picked?.slug],
    enabled: Boolean(picked),
    queryFn: () =>
      unwrap(api.GET("/api/admin/v1/quotations/products/{slug}/attributes/", { params: { path: { slug: picked?.slug ?? "" }, query: { store } } })),
  });
  const done = (data: unknown) => {
    qc.setQueryData(key, data);
  };
  const addRow = useMutation({
    mutationFn: () => {
      const attrs = (attributes.data?.results ?? []) as Attr[];
      const options: Record<string, number> = {};
      const ranges: Record<string, number> = {};
      for (const a of attrs) {
        const v = choices[a.id];
        if (v == null || Number.isNaN(v)) continue;
        if (a.field_type === "range") ranges[a.id] = v;
        else options[a.id] = v;
      }
      return unwrap(
        api.POST("/api/admin/v1/quotations/{id}/rows/", {
          params: { path: { id } },
          body: { product: picked?.slug ?? "", selection: { quantity: qty, options, ranges, texts: {}, complements: {} } },
        }),
      );
    },
    onSuccess: (d) => {
      done(d);
      setPicked(null);
      setChoices({});
      setQty(1);
    },
  });
  const updateRow = useMutation({
    mutationFn: (v: { row: number; quantity?: number; discount?: { kind: "cents" | "percent"; value: number } | null }) =>
      unwrap(
        api.PUT("/api/admin/v1/quotations/{id}/rows/{row}/", {
          params: { path: { id, row: v.row } },
          body: { ...(v.quantity != null ? { quantity: v.quantity } : {}), ...(v.discount !== undefined ? { discount: v.discount } : {}) },
        }),
      ),
    onSuccess: done,
  });
  const deleteRow = useMutation({
    mutationFn: (row: number) => unwrap(api.DELETE("/api/admin/v1/quotations/{id}/rows/{row}/", { params: { path: { id, row } } })),
    onSuccess: done,
  });
  const send = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/quotations/{id}/send/", { params: { path: { id } }, body: { days } })),
    onSuccess: (d) => {
      done(d);
      setNotice(t("sentOk"));
    },
  });
  const extend = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/quotations/{id}/extend/", { params: { path: { id } }, body: { days: extra } })),
    onSuccess: done,
  });
  const convert = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/quotations/{id}/convert/", { params: { path: { id } }, body: { payment_method: "card" } })),
    onSuccess: (r) => {
      setNotice(t("converted", { number: r.number }));
      void qc.invalidateQueries({ queryKey: key });
    },
  });

  if (quotation.isPending) return <Spinner label={t("loading")} />;
  if (quotation.error) return <ErrorText error={quotation.error} />;
  const q = quotation.data;
  const open = q.status === 200;
  const applyDiscount = (e: FormEvent, row: { id: number }) => {
    e.preventDefault();
    const d = drafts[row.id];
    if (!d || d.kind === "") return updateRow.mutate({ row: row.id, discount: null });
    const value = d.kind === "cents" ? parseEuros(d.value) : Number(d.value);
    if (value == null || Number.isNaN(value)) return setNotice(t("badAmount"));
    updateRow.mutate({ row: row.id, discount: { kind: d.kind, value: Math.round(value) } });
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t("title", { number: q.number })}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            {open ? <Badge tone="green">{t("open")}</Badge> : <Badge tone="gray">{q.status === 250 ? t("expired") : String(q.status)}</Badge>}
            <span>
              {t("expires")}: {date(q.expires_at, lang)}
            </span>
            <span>{q.sent_at ? t("sent", { date: date(q.sent_at, lang), count: q.sent_count }) : t("notSent")}</span>
          </span>
        }
      />
      {notice ? (
        <div role="status">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <ErrorText error={updateRow.error ?? deleteRow.error ?? addRow.error ?? send.error ?? extend.error ?? convert.error} />
      {q.not_delivered ? <Alert tone="warning">{t("notDelivered")}</Alert> : null}
      <Card title={t("customer")}>
        <p className="text-sm">
          {[q.customer.name, q.customer.surnames].filter(Boolean).join(" ")} · {q.customer.email} · {q.store}
        </p>
        <p className="text-sm text-slate-700">{[q.shipping.address, q.shipping.number, q.shipping.postal_code, q.shipping.city].filter(Boolean).join(", ")}</p>
        <p className="mt-2 break-all text-sm">
          {t("payLink")}:{" "}
          <a href={q.pay_url} className="text-brand-800 underline">
            {q.pay_url}
          </a>
        </p>
      </Card>
      <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <caption className="p-2 text-left font-semibold">{t("rows")}</caption>
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="p-2">
                {t("product")}
              </th>
              <th scope="col" className="p-2">
                {t("quantity")}
              </th>
              <th scope="col" className="p-2">
                {t("lineTotal")}
              </th>
              <th scope="col" className="p-2">
                {t("discount")}
              </th>
              <th scope="col" className="p-2">
                {t("final")}
              </th>
              <th scope="col" className="p-2">
                <span className="sr-only">{t("remove")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {q.rows.map((r) => {
              const d = drafts[r.id] ?? {
                kind: r.discount?.kind ?? "",
                value: r.discount ? (r.discount.kind === "cents" ? (r.discount.value / 100).toFixed(2) : String(r.discount.value)) : "",
              };
              return (
                <tr key={r.id} className="border-t border-slate-200 align-top">
                  <td className="p-2">
                    <div className="font-medium">{r.name}</div>
                    <div className="font-mono text-xs text-slate-600">{r.ref}</div>
                    {r.summary.map((s) => (
                      <div key={s.label} className="text-xs text-slate-700">
                        {s.label}: {s.value}
                      </div>
                    ))}
                  </td>
                  <td className="p-2">
                    <Field
                      label={t("quantityOf", { name: r.name })}
                      className="w-24 [&_label]:sr-only"
                      type="number"
                      min={1}
                      max={99}
                      defaultValue={r.quantity}
                      disabled={!open}
                      onBlur={(e) => {
                        const v = Number(e.target.value);
                        if (v >= 1 && v <= 99 && v !== r.quantity) updateRow.mutate({ row: r.id, quantity: v });
                      }}
                    />
                  </td>
                  <td className="p-2">{money(r.total, lang)}</td>
                  <td className="p-2">
                    <form className="flex flex-wrap items-end gap-1" onSubmit={(e) => applyDiscount(e, r)}>
                      <Select
                        label={t("discountKind", { name: r.name })}
                        className="[&_label]:sr-only"
                        value={d.kind}
                        disabled={!open}
                        onChange={(e) => setDrafts({ ...drafts, [r.id]: { ...d, kind: e.target.value as "cents" | "percent" | "" } })}
                      >
                        <option value="">{t("none")}</option>
                        <option value="cents">{t("cents")}</option>
                        <option value="percent">{t("percent")}</option>
                      </Select>
                      <Field
                        label={t("discountValue", { name: r.name })}
                        className="w-24 [&_label]:sr-only"
                        inputMode="decimal"
                        value={d.value}
                        disabled={!open || d.kind === ""}
                        onChange={(e) => setDrafts({ ...drafts, [r.id]: { ...d, value: e.target.value } })}
                      />
                      <Button type="submit" disabled={!open} busy={updateRow.isPending}>
                        {t("apply")}
                      </Button>
                    </form>
                    {r.discount_total > 0 ? <div className="text-xs text-slate-700">−{money(r.discount_total, lang)}</div> : null}
                  </td>
                  <td className="p-2">{money(r.final_total, lang)}</td>
                  <td className="p-2">
                    <Button variant="secondary" disabled={!open} aria-label={t("removeRow", { name: r.name })} onClick={() => deleteRow.mutate(r.id)}>
                      {t("remove")}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Card>
        <dl className="grid max-w-md grid-cols-2 gap-1 text-sm">
          <dt>{t("subtotal")}</dt>
          <dd className="text-right">{money(q.prices.subtotal, lang)}</dd>
          <dt>{t("discount")}</dt>
          <dd className="text-right">−{money(q.prices.discount, lang)}</dd>
          <dt>{t("shipping")}</dt>
          <dd className="text-right">{money(q.prices.shipping, lang)}</dd>
          <dt className="font-semibold">{t("total")}</dt>
          <dd className="text-right font-semibold">{money(q.prices.total, lang)}</dd>
          <dt>
            {t("vat")} ({q.vat.rate_bp / 100} %)
          </dt>
          <dd className="text-right">{money(q.vat.amount, lang)}</dd>
        </dl>
      </Card>
      {open ? (
        <Card title={t("addTitle")}>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              setTerm(search.trim());
            }}
          >
            <Field label={t("searchProduct")} type="search" minLength={2} maxLength={100} required value={search} onChange={(e) => setSearch(e.target.value)} />
            <Button type="submit">{t("search")}</Button>
          </form>
          {products.data ? (
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {products.data.results.map((p) => (
                <li key={p.id}>
                  <Button variant="secondary" onClick={() => setPicked({ slug: p.slug, name: p.name })}>
                    {t("choose", { name: `${p.name} (${p.ref}) · ${money(p.from_price, lang)}` })}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {picked && attributes.data ? (
            <form
              className="mt-3 flex flex-wrap items-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                addRow.mutate();
              }}
            >
              <p className="w-full font-medium">{picked.name}</p>
              {(attributes.data.results as Attr[]).map((a) =>
                a.field_type === "range" ? (
                  <Field
                    key={a.id}
                    label={`${a.name}${a.range ? ` (${a.range.min}–${a.range.max})` : ""}`}
                    type="number"
                    min={a.range?.min}
                    max={a.range?.max}
                    onChange={(e) => setChoices({ ...choices, [a.id]: Number(e.target.value) })}
                  />
                ) : (
                  <Select key={a.id} label={a.name} defaultValue="" onChange={(e) => setChoices({ ...choices, [a.id]: Number(e.target.value) })}>
                    <option value="">—</option>
                    {a.options.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name ?? o.slug}
                      </option>
                    ))}
                  </Select>
                ),
              )}
              <Field label={t("quantity")} type="number" min={1} max={99} value={qty} onChange={(e) => setQty(Number(e.target.value))} className="w-24" />
              <Button type="submit" busy={addRow.isPending}>
                {t("add")}
              </Button>
            </form>
          ) : null}
        </Card>
      ) : null}
      <Card>
        <div className="flex flex-wrap items-end gap-3">
          {open ? (
            <>
              <Field label={t("days")} type="number" min={1} max={365} value={days} onChange={(e) => setDays(Number(e.target.value))} className="w-32" />
              <Button onClick={() => send.mutate()} busy={send.isPending} disabled={q.rows.length === 0}>
                {t("send")}
              </Button>
            </>
          ) : null}
          {q.status === 200 || q.status === 250 ? (
            <>
              <Field
                label={t("extendDays")}
                type="number"
                min={1}
                max={365}
                value={extra}
                onChange={(e) => setExtra(Number(e.target.value))}
                className="w-32"
              />
              <Button variant="secondary" onClick={() => extend.mutate()} busy={extend.isPending}>
                {t("extend")}
              </Button>
            </>
          ) : null}
          {open ? (
            <Button variant="secondary" onClick={() => convert.mutate()} busy={convert.isPending} disabled={q.rows.length === 0}>
              {t("convert")}
            </Button>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
