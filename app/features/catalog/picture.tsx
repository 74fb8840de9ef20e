import { autoSrcSet, mediaUrl } from "../../../core/media.ts";

type Props = {
  imageKey: string;
  alt: string;
  /** Left out where the CSS gives the image its box (the product card). */
  width?: number;
  height?: number;
  /** `sizes` of the layout slot, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes: string;
  /** The LCP image: eager, high fetch priority. Everything else loads lazily. */
  priority?: boolean;
  className?: string;
  widths?: readonly number[];
};

/**
 * A responsive product image from the media pipeline: one srcset whose URLs the server answers
 * in AVIF, WebP or JPEG as the browser accepts (core/media.ts autoSrcSet), with intrinsic
 * width/height so the browser reserves its box (no layout shift). `src` is the JPEG for
 * browsers without srcset.
 */
export function Picture({ imageKey, alt, width, height, sizes, priority = false, className, widths = [160, 320, 480, 640] }: Props) {
  const fallbackWidth = widths.includes(480) ? 480 : widths[Math.min(2, widths.length - 1)];
  return (
    <img
      src={mediaUrl(imageKey, fallbackWidth, "jpg")}
      srcSet={autoSrcSet(imageKey, widths)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={className}
    />
  );
}
