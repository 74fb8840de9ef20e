import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { Header } from "~/components/header";
import { HydrateLater } from "~/lib/hydrate-later";
import { PopupMount } from "~/features/marketing/popup-mount";

export default function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <HydrateLater>
        <Header />
      </HydrateLater>
      <HydrateLater>
        <main id="content" className="flex-1" tabIndex={-1}>
          <Outlet />
        </main>
      </HydrateLater>
      <SiteFooter />
      {/* Marketing popups: client-only, after the cookie choice, their code loaded on demand. */}
      <PopupMount />
    </div>
  );
}
