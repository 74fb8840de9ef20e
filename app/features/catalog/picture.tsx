import { mediaUrl, srcSet } from "../../../core/media.ts";

type Props = {
  imageKey: string;
  alt: string;
  width: number;
  height: number;
  /** `sizes` of the layout slot, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes: string;
  /** The LCP image: eager, high fetch priority. Everything else loads lazily. */
  priority?: boolean;
  className?: string;
  widths?: readonly number[];
};

/**
 * A responsive product image: AVIF then WebP from the media pipeline, with intrinsic
 * width/height so the browser reserves its box (no layout shift).
 */
export function Picture({ imageKey, alt, width, height, sizes, priority = false, className, widths = [160, 320, 480, 640, 960] }: Props) {
  const fallbackWidth = widths[Math.min(2, widths.length - 1)];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(imageKey, "avif", widths)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(imageKey, "webp", widths)} sizes={sizes} />
      <img
        src={mediaUrl(imageKey, fallbackWidth, "jpg")}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}
