import { eq } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { cmsPages, postCategories, posts } from "../../server/modules/content/content.schema.ts";
import { popups } from "../../server/modules/marketing/marketing.schema.ts";
import { stores } from "../../server/modules/stores/stores.schema.ts";
import type { SeedPage } from "./blocks.ts";
import { blogCategoriesEs, postsEs } from "./blog-es.ts";
import { legalEs } from "./legal-es.ts";
import { legalFr } from "./legal-fr.ts";
import { pagesEs } from "./pages-es.ts";
import { pagesFr } from "./pages-fr.ts";

/**
 * Demo content: legal pages, guides and measure pages in both stores, the blog and the
 * newsletter/offer popups in Spain only (France has neither blog nor newsletter).
 * Product blocks are left out: guides link to categories, so a missing product ref can never break the seed.
 */
export async function seedContent(db: Db): Promise<void> {
  const [es] = await db.select().from(stores).where(eq(stores.sourceCode, "ESDB"));
  const [fr] = await db.select().from(stores).where(eq(stores.sourceCode, "FRDB"));
  if (!es || !fr) throw new Error("seed content: the stores step must run first");

  const pageRows = (storeId: number, list: SeedPage[]) =>
    list.map((pg) => ({ storeId, slug: pg.slug, kind: pg.kind, title: pg.title, metaDescription: pg.metaDescription, intro: pg.intro, blocks: pg.blocks }));
  await db.insert(cmsPages).values([...pageRows(es.id, [...legalEs, ...pagesEs]), ...pageRows(fr.id, [...legalFr, ...pagesFr])]);

  const cats = await db
    .insert(postCategories)
    .values(blogCategoriesEs.map((c) => ({ ...c, storeId: es.id })))
    .returning({ id: postCategories.id, slug: postCategories.slug });
  const catId = new Map(cats.map((c) => [c.slug, c.id]));
  await db.insert(posts).values(
    postsEs.map((po) => ({
      storeId: es.id,
      categoryId: catId.get(po.category) ?? null,
      slug: po.slug,
      title: po.title,
      excerpt: po.excerpt,
      illustration: po.illustration,
      blocks: po.blocks,
      publishedAt: new Date(po.publishedAt),
    })),
  );

  await db.insert(popups).values([
    {
      storeId: es.id,
      urlPattern: "/",
      popupType: 100,
      title: "5 € de descuento en tu primera compra",
      text: "Suscríbete a nuestra newsletter y te enviamos por email un cupón de 5 € para tu primer pedido, además de ofertas y guías para tu reforma.",
    },
    {
      storeId: es.id,
      urlPattern: "/ofertas",
      popupType: 200,
      title: "¿Reformas el baño completo?",
      text: "Instala tu plato de ducha o tu mampara con un profesional de tu zona: precio cerrado por ciudad y solo 20 € + IVA de reserva.",
      buttonLabel: "Ver el servicio de instalación",
      buttonUrl: "/servicio-de-instalacion",
    },
  ]);
}
