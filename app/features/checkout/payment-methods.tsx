import type { PaymentMethod } from "../../../core/cart.types.ts";
import { useI18n } from "~/lib/i18n";

/**
 * The payment methods' marks: drawn here (text and simple shapes, same-origin, no image
 * requests), recognisable by their colours. Decorative: the method's name is the label.
 */
export function PaymentLogo({ method, className = "h-7" }: { method: PaymentMethod; className?: string }) {
  const box = (bg: string, fg: string, text: string, width = 56, border?: string) => (
    <svg viewBox={`0 0 ${width} 28`} className={className} aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width={width - 1} height="27" rx="5" fill={bg} stroke={border ?? bg} />
      <text
        x={width / 2}
        y="18.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontSize={text.length > 8 ? 9.5 : 11}
        fill={fg}
      >
        {text}
      </text>
    </svg>
  );
  switch (method) {
    case "card":
      return (
        <span className="flex items-center gap-1" aria-hidden="true">
          {box("#1a1f71", "#ffffff", "VISA", 44)}
          <svg viewBox="0 0 44 28" className={className} aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="43" height="27" rx="5" fill="#ffffff" stroke="#cbd2d9" />
            <circle cx="17.5" cy="14" r="8" fill="#eb001b" />
            <circle cx="26.5" cy="14" r="8" fill="#f79e1b" fillOpacity="0.9" />
          </svg>
        </span>
      );
    case "bizum":
      return box("#05c3dd", "#082b33", "bizum");
    case "paypal":
      return (
        <svg viewBox="0 0 56 28" className={className} aria-hidden="true" focusable="false">
          <rect x="0.5" y="0.5" width="55" height="27" rx="5" fill="#ffc439" stroke="#ffc439" />
          <text x="28" y="18.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontStyle="italic" fontSize="11">
            <tspan fill="#142c8e">Pay</tspan>
            <tspan fill="#0070e0">Pal</tspan>
          </text>
        </svg>
      );
    case "klarna_account":
      return box("#ffb3c7", "#17120f", "Klarna.");
    case "scalapay_3x":
      return box("#e7e0ff", "#2b1b6b", "scalapay", 60);
    case "googlePay":
      return box("#ffffff", "#3c4043", "Google Pay", 66, "#cbd2d9");
    case "applePay":
      return box("#000000", "#ffffff", "Apple Pay", 60);
    case "transfer":
      return (
        <svg viewBox="0 0 56 28" className={className} aria-hidden="true" focusable="false">
          <rect x="0.5" y="0.5" width="55" height="27" rx="5" fill="#eef6f9" stroke="#a9d1e0" />
          <g fill="none" stroke="#0f4a60" strokeWidth="1.6" strokeLinejoin="round">
            <path d="M18 11.5 28 6l10 5.5z" />
            <path d="M20 13v7M25 13v7M31 13v7M36 13v7M17.5 22h21" />
          </g>
        </svg>
      );
  }
}

/**
 * The payment method radio group (spec 3's eight methods; Bizum only in Spain). Each option
 * says what it is and, for PayPal, the commission it adds (spec 9). Native radios: arrow keys
 * move between them, and it all works without JavaScript.
 */
export function PaymentMethods({
  methods,
  value,
  error,
  autoFocus,
  paypalRate,
  onChange,
}: {
  methods: readonly PaymentMethod[];
  value: string;
  error?: string;
  autoFocus?: boolean;
  /** "2 %" */
  paypalRate: string;
  onChange?: (m: PaymentMethod) => void;
}) {
  const { t } = useI18n();
  const errId = "checkout-payment_method-err";
  return (
    <fieldset aria-describedby={error ? errId : undefined} data-testid="payment-methods">
      <legend className="sr-only">{t("checkout.section.payment")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((m, i) => {
          const id = `checkout-payment-${m}`;
          return (
            <div key={m} className="relative">
              <input
                id={id}
                type="radio"
                name="payment_method"
                value={m}
                defaultChecked={value === m}
                aria-invalid={error ? true : undefined}
                aria-labelledby={`${id}-name`}
                aria-describedby={[`${id}-desc`, error ? errId : ""].filter(Boolean).join(" ")}
                // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted (WCAG 3.3.1)
                autoFocus={autoFocus && i === 0}
                onChange={() => onChange?.(m)}
                className="peer absolute left-4 top-4 h-5 w-5 scroll-mt-48 accent-brand-700"
              />
              <label
                htmlFor={id}
                className={`flex h-full min-h-16 cursor-pointer flex-col gap-1 rounded-xl border bg-white py-3 pl-12 pr-3 hover:border-brand-600 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:ring-2 peer-checked:ring-brand-600 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500 ${
                  error ? "border-danger" : "border-slate-300"
                }`}
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span id={`${id}-name`} className="font-semibold text-ink">
                    {t(`checkout.method.${m}`)}
                  </span>
                  <PaymentLogo method={m} className="h-6 w-auto" />
                </span>
                <span id={`${id}-desc`} className="text-sm text-slate-700">
                  {t(`checkout.method.${m}.note`, { rate: paypalRate })}
                </span>
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errId} className="mt-2 flex items-start gap-1 text-sm font-medium text-danger">
          <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor" aria-hidden="true">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5.2H9.1zm0 6.6h1.8v1.8H9.1z" />
          </svg>
          <span>{error}</span>
        </p>
      )}
    </fieldset>
  );
}
