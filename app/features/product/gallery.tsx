import { useEffect, useRef, useState } from "react";
import { lazyPart } from "~/components/island";
import { autoSrcSet, IMAGE_WIDTHS, mediaUrl } from "../../../core/media.ts";
import type { ImageDto } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";

const OPTION_IMAGE = 600;
const GalleryDialog = lazyPart(() => import("./gallery-dialogs").then((m) => m.GalleryDialog));
const MAIN_SIZES = "(min-width: 1024px) 640px, 100vw";

/** Images to show: option images (type 600) only for the chosen options, when one is chosen. */
export function visibleImages(images: ImageDto[], chosen: number[]): ImageDto[] {
  const sorted = [...images].sort((a, b) => a.type - b.type || a.position - b.position);
  const optionImages = sorted.filter((i) => i.type === OPTION_IMAGE && i.option_id != null && chosen.includes(i.option_id));
  const rest = sorted.filter((i) => i.type !== OPTION_IMAGE);
  // The chosen colour's picture leads; without one the product's own pictures do.
  return optionImages.length ? [...optionImages, ...rest] : rest.length ? rest : sorted;
}

/** Thumbnails are 72 px wide: 160 w covers a 2x screen. */
const THUMB_WIDTHS = [160] as const;

/**
 * One `<img srcset>` whose URLs the media server answers in AVIF, WebP or JPEG as the browser
 * accepts (decision 021), instead of a `<picture>` with a source per format.
 */
export function Picture({
  image,
  sizes,
  eager,
  className,
  widths = IMAGE_WIDTHS,
  alt = image.alt,
}: {
  image: Pick<ImageDto, "key" | "alt" | "width" | "height">;
  sizes: string;
  eager?: boolean;
  className?: string;
  widths?: readonly number[];
  alt?: string;
}) {
  return (
    <img
      src={mediaUrl(image.key, Math.min(960, widths[widths.length - 1] ?? 960), "jpg")}
      srcSet={autoSrcSet(image.key, widths)}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      fetchPriority={eager ? "high" : "auto"}
      className={className}
    />
  );
}

export function Gallery({ images, name }: { images: ImageDto[]; name: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  // The lightbox and the full-screen gallery: their code is fetched when one is first opened.
  const [open, setOpen] = useState<"full" | "gallery" | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = (kind: "full" | "gallery") => {
    opener.current = document.activeElement as HTMLElement | null;
    void GalleryDialog.preload();
    setOpen(kind);
  };
  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };
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
        <button type="button" onClick={() => show("full")} className="block w-full cursor-zoom-in" aria-label={t("product.gallery.zoom", { name })}>
          <Picture image={current} sizes={MAIN_SIZES} eager={index === 0} className="mx-auto aspect-square h-auto w-full object-contain" />
        </button>
        {count > 1 && (
          <button
            type="button"
            onClick={() => show("gallery")}
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
                className={i === index ? "thumb-current" : "thumb"}
              >
                {/* The button's label names the picture: the thumbnail itself is its content, not a second name. */}
                <Picture image={img} sizes="72px" widths={THUMB_WIDTHS} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}

      {open && <GalleryDialog kind={open} images={images} index={index} name={name} onMove={go} onClose={close} />}
    </div>
  );
}
