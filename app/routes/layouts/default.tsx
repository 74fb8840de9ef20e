import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { Header } from "~/components/header";
import { PopupMount } from "~/features/marketing/popup-mount";

export default function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="content" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* Marketing popups: client-only, after the cookie choice, their code loaded on demand. */}
      <PopupMount />
    </div>
  );
}
