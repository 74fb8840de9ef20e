import type { TestShop } from "./test-shop.ts";
import { linkIn, type TestSmtp } from "./smtp.ts";

export type TestUser = { id: number; email: string; password: string; access: string; refresh: string; auth: { authorization: string } };

let n = 0;
/** A unique email for a test (the shop lower-cases them). */
export function uniqueEmail(prefix = "cliente"): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}${n}@example.es`;
}

/**
 * A real customer, made the way a person makes one: sign-up through the API, the activation
 * link from the mail the SMTP server received, then a login.
 */
export async function createCustomer(
  shop: TestShop,
  smtp: TestSmtp,
  opts: { email?: string; password?: string; professional?: boolean; language?: "es" | "fr"; name?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "secreto-123";
  const language = opts.language ?? "es";
  const signup = await shop.app.inject({
    method: "POST",
    url: `/api/auth-users/v1/clients/signup/?language=${language}`,
    payload: {
      name: opts.name ?? "Ana",
      surnames: "García",
      email,
      password,
      password_confirmation: password,
      privacy: true,
      professional: opts.professional ?? false,
    },
  });
  if (signup.statusCode !== 201) throw new Error(`signup ${signup.statusCode}: ${signup.body}`);
  const mail = await smtp.last(email, /.+/);
  const link = linkIn(mail, "http");
  const token = link.searchParams.get("activate");
  const act = await shop.app.inject({ method: "POST", url: `/api/auth-users/v1/clients/activate_user/?token=${encodeURIComponent(token ?? "")}` });
  if (act.statusCode !== 200) throw new Error(`activate ${act.statusCode}: ${act.body}`);
  const tokens = await login(shop, email, password);
  return { id: signup.json().user.id, email, password, ...tokens, auth: { authorization: `Bearer ${tokens.access}` } };
}

export async function login(shop: TestShop, email: string, password: string): Promise<{ access: string; refresh: string }> {
  const res = await shop.app.inject({ method: "POST", url: "/api/auth-users/token/", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Limits high enough that a test file's many sign-ups from 127.0.0.1 are not throttled (throttling has its own tests). */
export function relaxThrottling(shop: TestShop) {
  const big = { limit: 100_000, windowS: 60 };
  shop.services.accounts.throttle.setLimits({
    "login:ip": big,
    "login:account": big,
    "signup:ip": big,
    "signup:account": big,
    "reset:ip": big,
    "reset:account": big,
    "link:ip": big,
    "refresh:ip": big,
    "refresh:account": big,
    "password:account": big,
    "checkout-account:ip": big,
    "checkout-account:account": big,
  });
  shop.services.marketing.throttle.setLimits({ "newsletter:ip": big, "newsletter:account": big, "link:ip": big });
}
