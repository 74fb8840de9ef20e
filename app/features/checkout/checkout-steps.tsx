import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";

const STEPS = ["cart", "details", "confirmation"] as const;

/**
 * The checkout's progress (spec 2: cart, payment and shipping, confirmation). The cart step is
 * a link back while the shopper is still deciding; the current step is marked for screen readers.
 */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t, href } = useI18n();
  return (
    <nav aria-label={t("checkout.steps.label")} className="border-b border-slate-200 bg-white" data-testid="checkout-steps">
      <ol className="container-shop flex items-center gap-2 py-3 text-sm sm:gap-4">
        {STEPS.map((step, i) => {
          const n = i + 1;
          const done = n < current;
          const here = n === current;
          const label = t(`checkout.steps.${step}`);
          const badge = (
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                here ? "bg-brand-700 text-white" : done ? "bg-ok text-white" : "border border-slate-400 bg-white text-slate-700"
              }`}
            >
              {done ? "✓" : n}
            </span>
          );
          // On a narrow screen only the current step is named (the others keep their number and their name for screen readers).
          const text = <span className={here ? "font-bold text-brand-900" : "sr-only text-slate-700 sm:not-sr-only"}>{label}</span>;
          return (
            <li key={step} className="flex min-w-0 items-center gap-2 sm:gap-4" aria-current={here ? "step" : undefined}>
              {i > 0 && <span aria-hidden="true" className="h-px w-4 shrink-0 bg-slate-300 sm:w-10" />}
              {done && step === "cart" && current === 2 ? (
                <Link to={href("/cart")} className="flex min-h-11 items-center gap-2 underline-offset-2 hover:underline">
                  {badge}
                  {text}
                  <span className="sr-only"> ({t("checkout.steps.done")})</span>
                </Link>
              ) : (
                <span className="flex min-h-11 items-center gap-2">
                  {badge}
                  {text}
                  {done && <span className="sr-only"> ({t("checkout.steps.done")})</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
