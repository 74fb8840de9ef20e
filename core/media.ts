/**
 * Image URLs of the media pipeline: originals live under DATA_DIR/media/originals/<key>.png
 * and are served resized at /media/<key>/<width>.<format> (sharp, cached on disk, immutable).
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageFormat = "avif" | "webp" | "jpg";

export function mediaUrl(key: string, width: number, format: ImageFormat = "webp"): string {
  return `/media/${key}/${width}.${format}`;
}

export function srcSet(key: string, format: ImageFormat, widths: readonly number[] = IMAGE_WIDTHS): string {
  return widths.map((w) => `${mediaUrl(key, w, format)} ${w}w`).join(", ");
}

/**
 * /media/<key>/<width> without an extension: the server answers AVIF, WebP or JPEG by the
 * browser's Accept header (Vary: Accept). One srcset instead of a <source> per format: a card's
 * image is a third of the markup.
 */
export function autoSrcSet(key: string, widths: readonly number[] = IMAGE_WIDTHS): string {
  return widths.map((w) => `/media/${key}/${w} ${w}w`).join(", ");
}

/** The format for an Accept header: AVIF, then WebP, then JPEG (what every browser takes). */
export function formatForAccept(accept: string | undefined): ImageFormat {
  const a = accept ?? "";
  if (a.includes("image/avif")) return "avif";
  if (a.includes("image/webp")) return "webp";
  return "jpg";
}

/** A generated document (product data sheet, manual) served at /media/files/<key>.pdf. */
export function fileUrl(key: string): string {
  return `/media/files/${key}.pdf`;
}
