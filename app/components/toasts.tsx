import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useI18n } from "~/lib/i18n";

/** Toasts last 1500 ms (spec section 9). */
export const TOAST_MS = 1500;

type Toast = { id: number; text: string; kind: "success" | "error" | "info" };
type Push = (text: string, kind?: Toast["kind"]) => void;
const ToastContext = createContext<Push>(() => {});
export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const push = useCallback<Push>((text, kind = "info") => {
    const id = next.current++;
    setToasts((list) => [...list, { id, text, kind }]);
    setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), TOAST_MS);
  }, []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <ToastList toasts={toasts} onClose={(id) => setToasts((l) => l.filter((x) => x.id !== id))} />
    </ToastContext.Provider>
  );
}

function ToastList({ toasts, onClose }: { toasts: Toast[]; onClose: (id: number) => void }) {
  const { t } = useI18n();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4" aria-live="polite" role="status">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-toast={toast.kind}
          className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg px-4 py-3 text-sm font-medium text-white shadow-lg ${
            toast.kind === "error" ? "bg-danger" : toast.kind === "success" ? "bg-ok" : "bg-brand-800"
          }`}
        >
          <span>{toast.text}</span>
          <button type="button" className="ml-2 rounded p-1 text-white/90 hover:text-white" aria-label={t("toast.close")} onClick={() => onClose(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
