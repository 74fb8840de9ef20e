import { Outlet } from "react-router";
import { Logo } from "~/components/logo";
import { useI18n } from "~/lib/i18n";

export default function LoginLayout() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-screen flex-col bg-sand-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-shop flex h-16 items-center">
          <Logo />
        </div>
      </header>
      <main id="content" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16" tabIndex={-1}>
        <div className="w-full max-w-lg">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <Outlet />
          </div>
          <p className="mt-6 text-center text-sm text-muted">{t("layout.login.benefits")}</p>
        </div>
      </main>
    </div>
  );
}
