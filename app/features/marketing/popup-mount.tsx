import { type ComponentType, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { PopupDto } from "../../../core/marketing.types.ts";
import { useRootData } from "~/lib/root-data";
import type { PopupDialogProps } from "./popup-dialog";
import { markSeen, seenRecently } from "./popup-storage";

type State = "idle" | "none" | "seen" | "open" | "closed";

/**
 * The marketing popups (spec 3: newsletter form 100, button 200) of the pages that
 * GET /api/marketing/v1/popups/web-retrieve/ names. Nothing of it is in the server HTML (search
 * engines and first paints never see a page covered) nor in the start-up JavaScript: after
 * hydration and only once the visitor has made their cookie choice, it asks whether this page has
 * a popup, and only then downloads the dialog's own chunk. Each popup shows at most once per
 * visitor and period (popup-storage.ts).
 */
export function PopupMount() {
  const { consent, store, lang } = useRootData();
  const { pathname } = useLocation();
  const [shown, setShown] = useState<{ popup: PopupDto; Dialog: ComponentType<PopupDialogProps> } | null>(null);
  const [state, setState] = useState<State>("idle");

  useEffect(() => {
    // Never on the server, and not even in its bundle: the server build would split the dialog
    // into a chunk of its own for an import it can never run.
    if (import.meta.env.SSR) return;
    // A new page closes the previous page's popup (its button link leads away, for example).
    setShown(null);
    setState("idle");
    if (!consent) return;
    const abort = new AbortController();
    const query = new URLSearchParams({ store: store.sourceCode, language: lang, url_page: pathname, no_popup: "204" });
    (async () => {
      const res = await fetch(`/api/marketing/v1/popups/web-retrieve/?${query}`, { signal: abort.signal, headers: { accept: "application/json" } });
      if (res.status !== 200) return setState("none");
      const popup = (await res.json()) as PopupDto;
      if (seenRecently(popup.id)) return setState("seen");
      const { PopupDialog } = await import("./popup-dialog");
      if (abort.signal.aborted) return;
      markSeen(popup.id);
      setShown({ popup, Dialog: PopupDialog });
      setState("open");
    })().catch(() => {
      // Offline, a cancelled request: no popup, and nothing the visitor needs to know.
    });
    return () => abort.abort();
  }, [consent, pathname, store.sourceCode, lang]);

  if (state === "idle") return null;
  return (
    <>
      {/* What the popup decided for this page, for browser tests (never in the server HTML). */}
      <div hidden data-testid="popup-state" data-state={state} />
      {shown && (
        <shown.Dialog
          popup={shown.popup}
          onClosed={() => {
            setShown(null);
            setState("closed");
          }}
        />
      )}
    </>
  );
}
