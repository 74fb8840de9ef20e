import { useEffect, useRef } from "react";
import type { ImageDto } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./gallery";

/**
 * The gallery's lightbox ("full") and full-screen gallery: a modal <dialog> opened when this
 * mounts (the gallery renders it once the shopper opens one, and fetches this code then);
 * Escape or the close button closes it and the gallery puts the focus back where it was.
 */
export function GalleryDialog({
  kind,
  images,
  index,
  name,
  onMove,
  onClose,
}: {
  kind: "full" | "gallery";
  images: ImageDto[];
  index: number;
  name: string;
  onMove: (delta: number) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const current = images[Math.min(index, images.length - 1)];
  const count = images.length;
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  if (!current) return null;
  if (kind === "full") {
    return (
      <dialog
        ref={ref}
        onClose={onClose}
        aria-label={t("product.gallery.full_title", { name })}
        className="m-auto max-h-[95vh] max-w-[95vw] rounded-xl p-0 backdrop:bg-black/70"
      >
        <div className="relative bg-white">
          <form method="dialog">
            <button
              type="submit"
              className="absolute right-2 top-2 z-10 rounded-full bg-white px-3 py-1 text-lg font-bold shadow"
              aria-label={t("product.gallery.close")}
            >
              ✕
            </button>
          </form>
          <Picture image={current} sizes="95vw" className="max-h-[90vh] w-auto object-contain" />
        </div>
      </dialog>
    );
  }
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label={t("product.gallery.fullscreen_title", { name })}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black/95 p-0 text-white backdrop:bg-black"
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") onMove(1);
        if (e.key === "ArrowLeft") onMove(-1);
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between p-3">
          <p aria-live="polite">{t("product.gallery.position", { n: index + 1, count })}</p>
          <form method="dialog">
            <button type="submit" className="rounded-full bg-white/10 px-4 py-2 font-semibold hover:bg-white/20">
              {t("product.gallery.close")}
            </button>
          </form>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center bg-white">
          <Picture image={current} sizes="100vw" className="max-h-full w-auto object-contain" />
          <button
            type="button"
            onClick={() => onMove(-1)}
            className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/80 px-4 py-3 text-xl"
            aria-label={t("product.gallery.prev")}
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => onMove(1)}
            className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/80 px-4 py-3 text-xl"
            aria-label={t("product.gallery.next")}
          >
            ›
          </button>
        </div>
        <p className="p-3 text-center text-sm text-white/80">{current.alt}</p>
      </div>
    </dialog>
  );
}
