import { useEffect, useRef, useState } from "react";
import { mediaUrl, srcSet } from "../../../core/media.ts";
import type { ImageDto } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";

const OPTION_IMAGE = 600;
const MAIN_SIZES = "(min-width: 1024px) 640px, 100vw";

/** Images to show: option images (type 600) only for the chosen options, when one is chosen. */
export function visibleImages(images: ImageDto[], chosen: number[]): ImageDto[] {
  const sorted = [...images].sort((a, b) => a.type - b.type || a.position - b.position);
  const optionImages = sorted.filter((i) => i.type === OPTION_IMAGE && i.option_id != null && chosen.includes(i.option_id));
  const rest = sorted.filter((i) => i.type !== OPTION_IMAGE);
  // The chosen colour's picture leads; without one the product's own pictures do.
  return optionImages.length ? [...optionImages, ...rest] : rest.length ? rest : sorted;
}

export function Picture({ image, sizes, eager, className }: { image: ImageDto; sizes: string; eager?: boolean; className?: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image.key, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image.key, "webp")} sizes={sizes} />
      <img
        src={mediaUrl(image.key, 960, "jpg")}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? "eager" : "lazy"}
        decoding={eager ? "sync" : "async"}
        fetchPriority={eager ? "high" : "auto"}
        className={className}
      />
    </picture>
  );
}

/** A <dialog> opened modally; focus returns to what opened it when it closes (Escape included). */
function useDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return {
    ref,
    open,
    show: () => {
      opener.current = document.activeElement as HTMLElement | null;
      setOpen(true);
    },
    onClose: () => {
      setOpen(false);
      opener.current?.focus();
    },
  };
}

export function Gallery({ images, name }: { images: ImageDto[]; name: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  const full = useDialog();
  const gallery = useDialog();
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  // A new chosen colour changes the lead picture: show it.
  const leadKey = images[0]?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the lead image changes
  useEffect(() => setIndex(0), [leadKey]);

  if (!current) {
    return <div className="aspect-square rounded-2xl bg-sand-100" aria-hidden="true" />;
  }
  return (
    <div>
      <div className="relative overflow-hidden rounded-2xl border border-sand-200 bg-sand-50">
        <button type="button" onClick={full.show} className="block w-full cursor-zoom-in" aria-label={t("product.gallery.zoom", { name })}>
          <Picture image={current} sizes={MAIN_SIZES} eager={index === 0} className="mx-auto aspect-square h-auto w-full object-contain" />
        </button>
        {count > 1 && (
          <button
            type="button"
            onClick={gallery.show}
            className="absolute bottom-3 right-3 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-brand-800 shadow hover:bg-white"
          >
            {t("product.gallery.open", { count })}
          </button>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={t("product.gallery.thumbnails")}>
          {images.map((img, i) => (
            <li key={`${img.key}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? "true" : undefined}
                aria-label={t("product.gallery.show", { n: i + 1, alt: img.alt })}
                className={`block h-18 w-18 overflow-hidden rounded-lg border-2 bg-sand-50 ${i === index ? "border-brand-600" : "border-transparent hover:border-sand-200"}`}
              >
                <Picture image={img} sizes="72px" className="h-full w-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <dialog
        ref={full.ref}
        onClose={full.onClose}
        aria-label={t("product.gallery.full_title", { name })}
        className="m-auto max-h-[95vh] max-w-[95vw] rounded-xl p-0 backdrop:bg-black/70"
      >
        {full.open && (
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
        )}
      </dialog>

      <dialog
        ref={gallery.ref}
        onClose={gallery.onClose}
        aria-label={t("product.gallery.fullscreen_title", { name })}
        className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black/95 p-0 text-white backdrop:bg-black"
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") go(1);
          if (e.key === "ArrowLeft") go(-1);
        }}
      >
        {gallery.open && (
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
                onClick={() => go(-1)}
                className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/80 px-4 py-3 text-xl"
                aria-label={t("product.gallery.prev")}
              >
                ‹
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/80 px-4 py-3 text-xl"
                aria-label={t("product.gallery.next")}
              >
                ›
              </button>
            </div>
            <p className="p-3 text-center text-sm text-white/80">{current.alt}</p>
          </div>
        )}
      </dialog>
    </div>
  );
}
