import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every route of spec section 2. The Spanish store has no prefix; the French store serves
 * the same paths under /fr (an optional static segment), so each route is declared once.
 * Pages whose store switch is off (the French blog...) answer 404 from their loader.
 */
const fr = (path: string) => (path ? `fr?/${path}` : "fr?");
const r = (path: string, file: string, id?: string) => (id ? route(fr(path), file, { id }) : route(fr(path), file));

const CONTENT = "routes/pages/content-page.tsx";
const LISTING = "routes/pages/special-listing.tsx";
const PROFILE_ADDRESS_FORM = "routes/pages/profile-address-form.tsx";
const PROFILE_ORDERS = "routes/pages/profile-orders.tsx";

export default [
  // Resource routes (no layout)
  route("newsletter", "routes/resources/newsletter.ts", { id: "newsletter-es" }),
  route("fr/newsletter", "routes/resources/newsletter.ts", { id: "newsletter-fr" }),
  route("cookies", "routes/resources/cookies.ts", { id: "cookies-es" }),
  route("fr/cookies", "routes/resources/cookies.ts", { id: "cookies-fr" }),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  // The whole message dictionary of a language (pages carry only the messages they use).
  route("i18n/:file", "routes/resources/messages.ts"),
  route("favourites", "routes/resources/favourites.ts", { id: "favourites-es" }),
  route("fr/favourites", "routes/resources/favourites.ts", { id: "favourites-fr" }),
  route("logout", "routes/resources/logout.ts", { id: "logout-es" }),
  route("fr/logout", "routes/resources/logout.ts", { id: "logout-fr" }),
  route("configuration", "routes/resources/configuration.ts", { id: "configuration-es" }),
  route("fr/configuration", "routes/resources/configuration.ts", { id: "configuration-fr" }),

  layout("routes/layouts/default.tsx", [
    r("", "routes/pages/home.tsx", "home"),
    r("cart", "routes/pages/cart.tsx"),
    r("buscar", "routes/pages/search.tsx"),
    r("marcas", "routes/pages/brands.tsx"),
    r("marcas/:slug", "routes/pages/brand.tsx"),
    r("novedades", LISTING, "novedades"),
    r("ofertas", LISTING, "ofertas"),
    r("rebajas", LISTING, "rebajas"),
    r("black-friday", LISTING, "black-friday"),
    r("black-friday-inodoros-18", LISTING, "black-friday-inodoros-18"),
    r("espacios", "routes/pages/environments.tsx"),
    r("espacios/:slug", "routes/pages/environment.tsx"),
    r("inspiracion", "routes/pages/blog.tsx"),
    r("inspiracion/cat/:slug", "routes/pages/blog-category.tsx"),
    r("inspiracion/:slug", "routes/pages/blog-post.tsx"),
    r("cms/:slug", CONTENT, "cms"),
    r("quienes-somos", CONTENT, "quienes-somos"),
    r("reformistas-profesionales", CONTENT, "reformistas-profesionales"),
    r("servicio-de-instalacion", CONTENT, "servicio-de-instalacion"),
    r("como-elegir-baneras-de-hidromasaje-16", CONTENT, "guide-baneras"),
    r("como-elegir-tu-plato-de-ducha-15", CONTENT, "guide-platos"),
    r("como-medir-una-mampara", CONTENT, "measure"),
    r("como-medir-una-mampara-frontal", CONTENT, "measure-frontal"),
    r("como-medir-una-mampara-angular", CONTENT, "measure-angular"),
    r("como-medir-una-mampara-semicircular", CONTENT, "measure-semicircular"),
    r("popup", "routes/pages/popup.tsx"),
    // The newsletter mails' one-click unsubscribe link (GET asks, POST unsubscribes; RFC 8058).
    r("newsletter/unsubscribe", "routes/resources/newsletter-unsubscribe.ts"),
    // The double opt-in mail's link (GET asks, POST confirms; docs/decisions/047).
    r("newsletter/confirm", "routes/resources/newsletter-confirm.ts"),
    r("order/:id?", "routes/pages/order.tsx"),
    // Category paths end with a slash, product paths with .html; anything else is the 404 page.
    r("*", "routes/pages/catalog-path.tsx"),
  ]),
  layout("routes/layouts/checkout.tsx", [
    r("checkout", "routes/pages/checkout.tsx"),
    r("checkout/result/:payment_reference?", "routes/pages/checkout-result.tsx"),
  ]),
  layout("routes/layouts/login.tsx", [
    r("login", "routes/pages/login.tsx"),
    r("signup", "routes/pages/signup.tsx"),
    r("recuperar-contrasena", "routes/pages/password-recovery.tsx"),
    r("restaurar-contrasena", "routes/pages/password-reset.tsx"),
  ]),
  route(fr("profile"), "routes/layouts/userprofile.tsx", [
    // "/profile" alone (and any path without the id): the customer's own area, or the login first.
    // The id is a required segment, not an optional one: React Router tries every route's path
    // for every request (a catalog page, matched by the last route, tries all of them), and each
    // optional segment doubles the paths a route stands for (docs/decisions/028).
    index("routes/pages/profile-redirect.tsx", { id: "profile-index" }),
    route(":id", "routes/pages/profile-home.tsx"),
    // A section's path without the id ("/profile/address/form-billing"): the same redirect.
    route("*", "routes/pages/profile-redirect.tsx", { id: "profile-rest" }),
    route(":id/access-data", "routes/pages/profile-access-data.tsx"),
    route(":id/address", "routes/pages/profile-address.tsx"),
    route(":id/address/form-billing/:billing_id?", PROFILE_ADDRESS_FORM, { id: "profile-form-billing" }),
    route(":id/address/form-shipping/:shipping_id?", PROFILE_ADDRESS_FORM, { id: "profile-form-shipping" }),
    route(":id/favourites", "routes/pages/profile-favourites.tsx"),
    route(":id/newsletter", "routes/pages/profile-newsletter.tsx"),
    route(":id/order", PROFILE_ORDERS, { id: "profile-orders" }),
    route(":id/order/:order_id", "routes/pages/profile-order.tsx", { id: "profile-order" }),
    route(":id/quotation", PROFILE_ORDERS, { id: "profile-quotations" }),
    route(":id/quotation/:quotation_id", "routes/pages/profile-order.tsx", { id: "profile-quotation" }),
    route(":id/privacy", "routes/pages/profile-privacy.tsx"),
  ]),
  // The customer's data as a JSON file (GDPR): a resource route, outside the profile layout.
  route(fr("profile/:id/privacy/export"), "routes/resources/profile-export.ts", { id: "profile-export" }),
] satisfies RouteConfig;
