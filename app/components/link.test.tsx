import { renderToString } from "react-dom/server";
// biome-ignore lint/style/noRestrictedImports: compared with React Router's own Link
import { type LinkProps, Route, Routes, Link as RouterLink, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "./link";

/** The document a link writes, rendered within a route of a page as the shop's are. */
function html(L: typeof RouterLink, props: LinkProps) {
  return renderToString(
    <StaticRouter location="/platos-de-ducha/resina/?sort=price_asc">
      <Routes>
        <Route path="/platos-de-ducha/*" element={<L {...props} />} />
      </Routes>
    </StaticRouter>,
  );
}

const cases: LinkProps[] = [
  { to: "/" },
  { to: "/cart", className: "head-link", children: "Cesta" },
  { to: "/platos-de-ducha/?page=2", rel: "next", preventScrollReset: true, children: "Ver más" },
  { to: "/fr/receveurs-de-douche/", "aria-label": "Receveurs", replace: true, state: { from: 1 } },
  { to: "/cms/politica-de-cookies#analitica", target: "_blank", onClick: () => undefined },
  { to: "/buscar?q=plato%20ducha&sort=price_asc#r", discover: "none", reloadDocument: true },
  { to: "/profile/me/favourites", viewTransition: true, id: "fav", tabIndex: -1 },
  // What only React Router resolves: handed to its Link.
  { to: "resina/" },
  { to: "../" },
  { to: "/a/./b" },
  { to: "/a/../b/" },
  { to: "/a//b" },
  { to: "/a\\b" },
  { to: "/x?" },
  { to: "/x#" },
  { to: "/x?#" },
  { to: "" },
  { to: "?page=2" },
  { to: { pathname: "/x", search: "?a=1" } },
  { to: "/x", prefetch: "intent" },
  { to: "/x", prefetch: "render" },
  { to: "/x", relative: "path" },
  { to: "https://example.com/a" },
  { to: "//cdn.example.com/a" },
];

describe("the server's Link", () => {
  it.each(cases.map((c) => [JSON.stringify(c.to) + (c.prefetch ? ` prefetch=${c.prefetch}` : "") + (c.relative ? " relative" : ""), c]))(
    "writes what React Router's Link writes: %s",
    (_, props) => {
      const ours = html(Link, props);
      expect(ours).toBe(html(RouterLink, props));
      expect(ours).toContain("<a ");
    },
  );

  it("writes an own-href path without React Router's hooks, and hands anything else to them", () => {
    // Outside a router React Router's hooks throw: the fast path does not use them.
    expect(renderToString(<Link to="/cart">Cesta</Link>)).toBe('<a href="/cart" data-discover="true">Cesta</a>');
    expect(() => renderToString(<Link to="resina/">Resina</Link>)).toThrow();
    expect(() => renderToString(<Link to="/cart" prefetch="intent" />)).toThrow();
    expect(Link).not.toBe(RouterLink);
  });
});
