import type { Locator, Page } from "playwright-core";
import type { ShopPage } from "./shop-page.ts";

/** What the checkout shows in each store (spec texts in Spanish, real French). */
export const CHECKOUT_TEXT = {
  es: {
    title: "Finalizar compra",
    processing: "Procesando su pedido...",
    placeOrder: "Realizar pedido",
    paymentMethod: "Método de pago",
    confirmed: "¡Gracias! Pedido confirmado",
    transferTitle: "¡Gracias! Tu pedido está reservado",
    error: "Error en el pago",
    cartKept: "Tu carrito sigue guardado",
    viewOrder: "Ver mi pedido",
    viewCart: "Ver el carrito",
    paid: "Pagado",
    methods: { card: "Tarjeta de crédito o débito", paypal: "PayPal", transfer: "Transferencia bancaria", bizum: "Bizum" },
    fields: {
      name: "Nombre",
      surnames: "Apellidos",
      phone: "Teléfono",
      email: "Email",
      shipping_address: "Dirección",
      shipping_number: "Número, piso y puerta",
      shipping_postal_code: "Código postal",
      shipping_city: "Ciudad",
      shipping_province: "Provincia",
      billing_business_name: "Razón social o nombre completo",
      billing_tax_id: "Número de documento",
    },
  },
  fr: {
    title: "Finaliser la commande",
    processing: "Traitement de votre commande...",
    placeOrder: "Passer la commande",
    paymentMethod: "Moyen de paiement",
    confirmed: "Merci ! Commande confirmée",
    transferTitle: "Merci ! Votre commande est réservée",
    error: "Erreur de paiement",
    cartKept: "Votre panier est conservé",
    viewOrder: "Voir ma commande",
    viewCart: "Voir le panier",
    paid: "Payée",
    methods: { card: "Carte bancaire", paypal: "PayPal", transfer: "Virement bancaire", bizum: "Bizum" },
    fields: {
      name: "Prénom",
      surnames: "Nom",
      phone: "Téléphone",
      email: "E-mail",
      shipping_address: "Adresse",
      shipping_number: "Numéro, étage et porte",
      shipping_postal_code: "Code postal",
      shipping_city: "Ville",
      shipping_province: "Département",
      billing_business_name: "Raison sociale ou nom complet",
      billing_tax_id: "Numéro d'identifiant",
    },
  },
} as const;

export type Lang = "es" | "fr";
export type Buyer = Record<keyof (typeof CHECKOUT_TEXT)["es"]["fields"], string>;

let n = 0;
/** A shopper who can be delivered to in each store (a valid phone, postal code and tax id there). */
export function buyer(lang: Lang, over: Partial<Buyer> = {}): Buyer {
  n += 1;
  const email = `comprador.${Date.now().toString(36)}${n}@example.${lang}`;
  return lang === "fr"
    ? {
        name: "Camille",
        surnames: "Durand",
        phone: "06 12 34 56 78",
        email,
        shipping_address: "Rue de la Roquette",
        shipping_number: "24, 3e étage",
        shipping_postal_code: "75011",
        shipping_city: "Paris",
        shipping_province: "Paris",
        billing_business_name: "Camille Durand",
        billing_tax_id: "123456789",
        ...over,
      }
    : {
        name: "Lucía",
        surnames: "Martín Ruiz",
        phone: "612 345 678",
        email,
        shipping_address: "Calle Mayor",
        shipping_number: "12, 3º B",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        billing_business_name: "Lucía Martín Ruiz",
        billing_tax_id: "12345678Z",
        ...over,
      };
}

/**
 * Page object of the checkout, its payment result and the order page: it fills the form by
 * its visible labels (as a shopper reads them) and waits for what the pages show.
 */
export class CheckoutFlow {
  readonly t: (typeof CHECKOUT_TEXT)[Lang];

  constructor(
    readonly shop: ShopPage,
    readonly lang: Lang = "es",
  ) {
    this.t = CHECKOUT_TEXT[lang];
  }

  get page(): Page {
    return this.shop.page;
  }

  path(p: string): string {
    return this.lang === "fr" ? `/fr${p === "/" ? "" : p}` : p;
  }

  form(): Locator {
    return this.page.getByTestId("checkout-form");
  }

  /** Puts the first product of a listing that can go to the cart as it is (in stock, nothing to choose). */
  async addReadyProduct(listing: string): Promise<string> {
    const { page } = this;
    await this.shop.goto(listing);
    const hrefs = await page
      .getByTestId("product-grid")
      .locator('a[href$=".html"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href") as string))]);
    for (const href of hrefs.slice(0, 15)) {
      await this.shop.goto(href);
      const button = page.getByTestId("add-to-cart").getByRole("button");
      if (!(await button.isEnabled())) continue;
      await button.click();
      const added = await Promise.race([
        page
          .getByTestId("added-to-cart")
          .waitFor()
          .then(() => true),
        page
          .getByTestId("add-to-cart-error")
          .waitFor()
          .then(() => false),
      ]);
      if (added) {
        await page.keyboard.press("Escape");
        return href;
      }
    }
    throw new Error(`no product of ${listing} can be added as it is`);
  }

  async open() {
    await this.shop.goto(this.path("/checkout"));
    await this.page.getByRole("heading", { level: 1, name: this.t.title }).waitFor();
  }

  async fill(b: Buyer) {
    for (const [field, label] of Object.entries(this.t.fields) as [keyof Buyer, string][]) {
      await this.form().getByLabel(label, { exact: true }).fill(b[field]);
    }
  }

  method(m: keyof (typeof CHECKOUT_TEXT)["es"]["methods"]): Locator {
    return this.form().getByRole("radio", { name: this.t.methods[m], exact: true });
  }

  async placeOrder() {
    await this.form().getByRole("button", { name: this.t.placeOrder }).click();
  }

  resultTitle(): Locator {
    return this.page.getByTestId("result-title");
  }

  /** Waits for the result page and says which one it is (authorised, transfer, pending, error). */
  async result(): Promise<string> {
    await this.page.waitForURL((u) => /\/checkout\/result\//.test(u.pathname));
    await this.shop.hydrated();
    await this.resultTitle().waitFor();
    const kind = await this.page
      .locator(["authorised", "transfer", "pending", "error"].map((k) => `[data-testid="result-${k}"]`).join(", "))
      .first()
      .getAttribute("data-testid");
    return (kind ?? "").replace(/^result-/, "");
  }
}

/**
 * The sandbox provider's hosted payment page (served by the shop at /sandbox-pay/{id}, in the
 * shopper's language): the test cards that authorise or are refused, and the wallets' approve
 * button. Fields are found by their visible labels.
 */
const SANDBOX_TEXT = {
  es: {
    number: "Número de tarjeta",
    expiry: "Caducidad (MM/AA)",
    cvc: "Código de seguridad (CVC)",
    holder: "Titular de la tarjeta",
    pay: /^Pagar /,
    approve: "Aprobar el pago",
  },
  fr: {
    number: "Numéro de carte",
    expiry: "Expiration (MM/AA)",
    cvc: "Cryptogramme (CVC)",
    holder: "Titulaire de la carte",
    pay: /^Payer /,
    approve: "Approuver le paiement",
  },
} as const;
const CARDS = { authorised: "4111 1111 1111 1111", refused: "4000 0000 0000 0002" } as const;

export class SandboxPay {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "es",
  ) {}

  get t() {
    return SANDBOX_TEXT[this.lang];
  }

  async waitFor() {
    await this.page.waitForURL((u) => u.pathname.startsWith("/sandbox-pay/"));
    await this.page.getByRole("heading", { level: 1 }).waitFor();
  }

  async payByCard(outcome: "authorised" | "refused") {
    const { page, t } = this;
    await page.getByLabel(t.number, { exact: true }).fill(CARDS[outcome]);
    await page.getByLabel(t.expiry, { exact: true }).fill("12/39");
    await page.getByLabel(t.cvc, { exact: true }).fill("123");
    await page.getByLabel(t.holder, { exact: true }).fill("Lucía Martín");
    await page.getByRole("button", { name: t.pay }).click();
  }

  async approveWallet() {
    await this.page.getByRole("button", { name: this.t.approve }).click();
  }
}

/** What the checkout and the cart show of an order still waiting for its payment (docs/decisions/055). */
export const PENDING_TEXT = {
  es: {
    title: "Tienes un pedido pendiente de pago",
    pay: /^Pagar el pedido /,
    change: "Cambiar el método de pago o editar el carrito",
    empty: "Tu carrito está vacío",
  },
  fr: {
    title: "Vous avez une commande en attente de paiement",
    pay: /^Régler la commande /,
    change: "Changer de moyen de paiement ou modifier le panier",
    empty: "Votre panier est vide",
  },
} as const;

/** The panel of the order waiting for its payment, on the checkout or the cart: pay it, or have the cart back. */
export class PendingPayment {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "es",
  ) {}

  get t() {
    return PENDING_TEXT[this.lang];
  }

  panel(): Locator {
    return this.page.getByTestId("pending-payment");
  }

  async waitFor() {
    await this.panel().getByRole("heading", { level: 2, name: this.t.title }).waitFor();
  }

  async pay() {
    await this.panel().getByRole("button", { name: this.t.pay }).click();
  }

  async changeMethod() {
    await this.panel().getByRole("button", { name: this.t.change }).click();
  }
}
