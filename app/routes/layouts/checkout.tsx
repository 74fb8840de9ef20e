import { Outlet } from "react-router";
import { Link } from "~/components/link";
import { PaymentMarks } from "~/components/payment-marks";
import { Logo } from "~/components/logo";
import { useI18n } from "~/lib/i18n";

/** Checkout: no menu or search to leave by accident; the way back is one clear link. */
export default function CheckoutLayout() {
  const { t, href } = useI18n();
  return (
    <div className="flex min-h-screen flex-col bg-sand-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-shop flex h-16 items-center justify-between gap-4">
          <Logo />
          <p className="flex items-center gap-2 text-sm font-semibold text-ok">
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <rect x="4" y="11" width="16" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
            {t("layout.checkout.secure")}
          </p>
        </div>
      </header>
      <main id="content" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="container-shop flex flex-col gap-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <Link to={href("/cart")} className="text-sm font-medium text-brand-700 underline">
            {t("layout.checkout.back")}
          </Link>
          <PaymentMarks compact />
        </div>
      </footer>
    </div>
  );
}
