import { Link } from "~/components/link";
import type { BannerDto } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./picture";

const THEMES: Record<string, { box: string; tone: string; cta: string; veil: string }> = {
  dark: { box: "bg-brand-800 text-white", tone: "#a9d1e0", cta: "bg-white text-brand-900 hover:bg-brand-50", veil: "from-brand-900/85 via-brand-900/50" },
  light: { box: "bg-brand-50 text-brand-900", tone: "#1f6f8b", cta: "bg-brand-800 text-white hover:bg-brand-900", veil: "from-white/90 via-white/60" },
};
export const bannerTheme = (theme: string | undefined) => THEMES[theme ?? ""] ?? THEMES.light;

/**
 * A promotional tile: inside the product grid (at its grid_position) or in a row of banners. Its
 * fixed class lists are utilities of app/app.css (banner, banner-*); the theme's colours stay here.
 */
export function BannerCard({ banner, tall = false }: { banner: BannerDto; tall?: boolean }) {
  const { t } = useI18n();
  const th = bannerTheme(banner.theme);
  return (
    <article className={`banner ${th.box} ${tall ? "min-h-72" : "min-h-44"}`}>
      {/* The banner's drawn image (1600x600): the piece on the right, a veil under the text. */}
      <div className="absolute inset-0" aria-hidden="true">
        <Picture
          imageKey={banner.illustration}
          alt=""
          width={1600}
          height={600}
          sizes="(min-width: 1024px) 33vw, 100vw"
          widths={[320, 480, 640, 960]}
          className={tall ? "banner-img-tall" : "banner-img"}
        />
        <div className={`banner-veil ${th.veil}`} />
      </div>
      <div className="banner-text">
        <h3>{banner.title}</h3>
        {banner.subtitle && <p className="mt-1 text-sm opacity-90">{banner.subtitle}</p>}
      </div>
      {/* Banner URLs are stored as site paths with their store prefix: used as they are. */}
      <Link to={banner.url} className={`banner-cta ${th.cta}`}>
        {banner.cta || t("catalog.banner.cta")}
        <span className="sr-only">{`: ${banner.title}`}</span>
      </Link>
    </article>
  );
}

export function BannerRow({ banners }: { banners: BannerDto[] }) {
  const { t } = useI18n();
  if (!banners.length) return null;
  return (
    <>
      {/* The banners' titles are h3: the row has its h2, so the outline has no gap under a page's h1. */}
      <h2 className="sr-only">{t("catalog.banner.row_title")}</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {banners.map((b) => (
          <li key={b.id}>
            <BannerCard banner={b} />
          </li>
        ))}
      </ul>
    </>
  );
}
