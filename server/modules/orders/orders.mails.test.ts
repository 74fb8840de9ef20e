import { describe, expect, it } from "vitest";
import { renderOrderMail } from "./orders.mails.ts";
import type { OrderDto } from "./orders.types.ts";

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

function order(over: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 41,
    order_number: "ESDB-000041",
    status: 300,
    store: "ESDB",
    kind: "order",
    created_at: "2026-11-20T09:00:00.000Z",
    placed_at: "2026-11-24T10:00:00.000Z",
    paid_at: null,
    expires_at: null,
    payment_method: "card",
    payment_reference: "ESDB-1795400000000-0f8fad5b-d9cb-469f-a165-70867728950e",
    customer: null,
    beneficiary: { name: "Lucía", surnames: "Martín Ruiz", email: "lucia@example.es", phone: "+34612345678" },
    shipping_address: { address: "Calle Mayor", number: "12, 3º B", postal_code: "28013", city: "Madrid", province: "Madrid", country: "ES" },
    billing: {
      address: "Calle Mayor",
      number: "12, 3º B",
      postal_code: "28013",
      city: "Madrid",
      province: "Madrid",
      country: "ES",
      business_name: "Lucía Martín Ruiz",
      tax_id_type: "dni",
      tax_id: "12345678Z",
    },
    observations: null,
    professional: false,
    coupon_code: "BIENVENIDA10",
    rows: [
      {
        id: 7,
        name: "Plato de ducha de resina Pizarra blanco",
        ref: "PD-RES-BL-70",
        quantity: 2,
        product: { slug: "plato", path: "/plato.html", image: null },
        summary: [{ label: "Ancho", value: "75 cm" }],
        lines: [
          {
            kind: "product",
            name: "Plato de ducha de resina Pizarra blanco",
            ref: "PD-RES-BL-70",
            quantity: 2,
            unit: 19900,
            professional_discount: 0,
            total: 39800,
          },
          { kind: "complement", name: "Válvula extraplana", ref: "VAL-1", quantity: 2, unit: 1500, professional_discount: 0, total: 3000 },
        ],
        total: 42800,
        professional_discount: 0,
        coupon_discount: 4280,
        shipping: 0,
        shipping_prices: [],
        final_total: 38520,
        sub_order: null,
      },
    ],
    sub_orders: [],
    prices: { subtotal: 42800, shipping: 0, coupon_discount: 4280, paypal_commission: 0, total: 38520, saved: 4280 },
    vat: { rate_bp: 2100, base: 31835, amount: 6685 },
    requests: [],
    invoice: null,
    actions: { pay: false, incident: false, return: false, withdraw: false },
    ...over,
  };
}

const vars = (o: OrderDto) => ({
  shop: "BañoDirecto España",
  home: "https://tienda.example.es/",
  order: o,
  orderUrl: "https://tienda.example.es/order/41?t=abc&x=1",
});

describe("order mails", () => {
  it("confirmation (es): greeting, lines with their complements, totals with coupon and VAT, address, payment method, the link", () => {
    const m = renderOrderMail("confirmation", "es", vars(order()));
    expect(m.subject).toBe("Hemos recibido tu pedido ESDB-000041");
    const text = nbsp(m.text);
    expect(text).toContain("Hola Lucía:");
    expect(text).toContain("- Plato de ducha de resina Pizarra blanco (PD-RES-BL-70) × 2: 428,00 €");
    expect(text).toContain("+ Válvula extraplana × 2: 30,00 €");
    expect(text).toContain("Cupón BIENVENIDA10: -42,80 €");
    expect(text).toContain("Envío: Gratis");
    expect(text).toContain("Total: 385,20 €");
    expect(text).toContain("IVA incluido (21 %): 66,85 €");
    expect(text).toContain("Calle Mayor, 12, 3º B");
    expect(text).toContain("Método de pago: Tarjeta de crédito o débito");
    expect(text).toContain("Ver mi pedido: https://tienda.example.es/order/41?t=abc&x=1");
    expect(m.html).toContain('<html lang="es">');
    expect(m.html).toContain('href="https://tienda.example.es/order/41?t=abc&amp;x=1"');
    expect(nbsp(m.html)).toContain("385,20 €");
  });

  it("confirmation of a quotation says until when it is valid", () => {
    const m = renderOrderMail("confirmation", "es", vars(order({ kind: "quotation", status: 200, expires_at: "2026-12-09T10:00:00.000Z" })));
    expect(m.subject).toBe("Tu presupuesto ESDB-000041");
    expect(m.text).toContain("Es válido hasta el 9 de diciembre de 2026");
    expect(m.text).toContain("Ver mi presupuesto:");
  });

  it("transfer instructions: holder, IBAN, BIC, bank, amount and the reference, and the 24-hour confirmation", () => {
    const o = order({ payment_method: "transfer" });
    const m = renderOrderMail("transfer", "es", {
      ...vars(o),
      transfer: {
        holder: "BañoDirecto S.L.",
        iban: "ES91 2100 0418 4502 0005 1332",
        bic: "CAIXESBBXXX",
        bank: "CaixaBank",
        reference: o.payment_reference!,
        amount: 38520,
      },
    });
    expect(m.subject).toBe("Datos para pagar tu pedido ESDB-000041 por transferencia");
    const text = nbsp(m.text);
    for (const s of [
      "Titular: BañoDirecto S.L.",
      "IBAN: ES91 2100 0418 4502 0005 1332",
      "BIC: CAIXESBBXXX",
      "Banco: CaixaBank",
      "Importe: 385,20 €",
      `Concepto: ${o.payment_reference}`,
      "24 horas",
    ])
      expect(text).toContain(s);
    expect(m.html).toContain(o.payment_reference);
  });

  it("payment received and shipped (with the carrier and tracking number), in French", () => {
    const paid = renderOrderMail("paid", "fr", vars(order({ status: 400, store: "FRDB" })));
    expect(paid.subject).toBe("Paiement reçu : commande ESDB-000041");
    expect(paid.text).toContain("Bonjour Lucía,");
    expect(nbsp(paid.text)).toContain("Total: 385,20 €");
    expect(paid.html).toContain('<html lang="fr">');

    const shipped = renderOrderMail("shipped", "fr", { ...vars(order({ status: 650 })), tracking: { agency: "Seur", number: "SEUR-123456789" } });
    expect(shipped.subject).toBe("Votre commande ESDB-000041 est en route");
    expect(shipped.text).toContain("Transporteur: Seur");
    expect(shipped.text).toContain("Numéro de suivi: SEUR-123456789");
    expect(shipped.html).toContain("SEUR-123456789");
    // A shipping mail is about the package: no price list.
    expect(shipped.text).not.toContain("385,20");
  });

  it("escapes everything that comes from the order in the HTML (names, addresses, tracking)", () => {
    const evil = "<script>alert('x')</script>";
    const o = order({
      beneficiary: { name: evil, surnames: "\"&'", email: "x@example.es", phone: null },
      shipping_address: { address: "<b>Calle</b>", number: "1", postal_code: "28013", city: "Madrid", province: "Madrid", country: "ES" },
    });
    const m = renderOrderMail("confirmation", "es", vars(o));
    expect(m.html).not.toContain("<script>");
    expect(m.html).not.toContain("<b>Calle</b>");
    expect(m.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    const s = renderOrderMail("shipped", "es", { ...vars(o), tracking: { agency: "<img src=x>", number: "1" } });
    expect(s.html).not.toContain("<img src=x>");
    // The placeholders are the template's: a "{shop}" typed by a customer stays as typed.
    const t = renderOrderMail("paid", "es", vars(order({ beneficiary: { name: "{shop}", surnames: "", email: null, phone: null } })));
    expect(t.text).toContain("Hola {shop}:");
  });

  it("a guest without a name gets a plain greeting; PayPal commission and professional discounts are shown", () => {
    const base = order();
    const o = order({
      beneficiary: { name: null, surnames: null, email: "x@example.es", phone: null },
      payment_method: "paypal",
      prices: { ...base.prices, paypal_commission: 770, total: 39290 },
      rows: [{ ...base.rows[0], professional_discount: 2000 }],
    });
    const m = renderOrderMail("confirmation", "es", vars(o));
    expect(m.text.startsWith("Hola:\n")).toBe(true);
    expect(nbsp(m.text)).toContain("Comisión PayPal: 7,70 €");
    expect(nbsp(m.text)).toContain("Descuento profesional: -20,00 €");
  });
});
