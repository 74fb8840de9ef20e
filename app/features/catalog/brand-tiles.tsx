import { Link } from "~/components/link";
import type { BrandDto } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./picture";

/** The brand's drawn logo from the media pipeline (key brand/<slug>, 600x240). */
export function BrandImage({ slug, name, className }: { slug: string; name: string; className?: string }) {
  return <Picture imageKey={`brand/${slug}`} alt={name} width={600} height={240} sizes="240px" widths={[320, 480, 640]} className={className} />;
}

export function BrandTile({ brand }: { brand: BrandDto }) {
  const { t, href } = useI18n();
  return (
    <Link
      to={href(brand.path)}
      className="flex h-full flex-col justify-between gap-2 rounded-xl border border-slate-200 bg-white p-4 transition-shadow hover:border-brand-200 hover:shadow-md"
    >
      <BrandImage slug={brand.slug} name={brand.name} className="h-auto w-full max-w-60" />
      <span className="text-sm text-muted">{t("catalog.brand.products", { count: brand.product_count })}</span>
    </Link>
  );
}

/** The home's strip of featured brands with a link to all of them. */
export function BrandStrip({ brands }: { brands: Pick<BrandDto, "id" | "slug" | "path" | "name">[] }) {
  const { t, href } = useI18n();
  if (!brands.length) return null;
  return (
    <section aria-labelledby="home-brands" className="py-8 sm:py-10">
      <div className="mb-4 flex items-end justify-between">
        <h2 id="home-brands" className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
          {t("home.brands.title")}
        </h2>
        <Link to={href("/marcas")} className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          {t("home.brands.all")}
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {brands.slice(0, 12).map((b) => (
          <li key={b.id}>
            <Link
              to={href(b.path)}
              className="flex h-20 items-center justify-center rounded-xl border border-slate-200 bg-white px-3 hover:border-brand-200 hover:shadow-md"
            >
              <BrandImage slug={b.slug} name={b.name} className="h-auto max-h-16 w-auto" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
