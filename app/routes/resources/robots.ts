import type { Route } from "./+types/robots";

/** Private and per-visitor pages stay out of search engines, in both stores. */
const DISALLOW = ["/cart", "/checkout", "/profile", "/login", "/buscar"];

export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.services.config.publicUrl;
  const lines = ["User-agent: *", ...DISALLOW.flatMap((p) => [`Disallow: ${p}`, `Disallow: /fr${p}`]), "", `Sitemap: ${origin}/sitemap.xml`, ""];
  return new Response(lines.join("\n"), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" } });
}
