import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useI18n } from "~/lib/i18n";

type Listener = (failed: boolean) => void;
const listeners = new Set<Listener>();
/** Marks the progress bar failed (a navigation that ended on an error page, a fetch that failed). */
export function markRequestFailed() {
  for (const l of listeners) l(true);
}

/**
 * Top progress bar during navigations and form/fetcher requests; it turns red when a
 * request fails, then fades.
 */
export function ProgressBar() {
  const { t } = useI18n();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [failed, setFailed] = useState(false);
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A 404 on the first document load is not a failed request of this session: only
  // failures after a client-side request light the bar.
  const requested = useRef(false);
  if (busy) requested.current = true;

  useEffect(() => {
    const l: Listener = (f) => {
      if (!requested.current) return;
      setFailed(f);
      setVisible(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setVisible(false);
        setFailed(false);
      }, 1500);
    };
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  useEffect(() => {
    if (busy) {
      // Fast answers never flash the bar (fetch minimum delay 200 ms, spec section 9).
      timer.current = setTimeout(() => setVisible(true), 200);
    } else if (!failed) {
      clearTimeout(timer.current);
      setVisible(false);
    }
    return () => {};
  }, [busy, failed]);

  return (
    <div
      className={`fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden transition-opacity ${visible ? "opacity-100" : "opacity-0"}`}
      role="progressbar"
      aria-label={failed ? t("progress.failed") : t("progress.label")}
      aria-hidden={!visible}
      data-state={failed ? "failed" : busy ? "loading" : "idle"}
    >
      <div className={`h-full w-full ${failed ? "bg-danger" : "progress-run bg-accent-500"}`} />
    </div>
  );
}
