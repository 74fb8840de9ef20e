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

/** A generated document (product data sheet, manual) served at /media/files/<key>.pdf. */
export function fileUrl(key: string): string {
  return `/media/files/${key}.pdf`;
}
