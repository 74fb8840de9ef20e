import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { menuItems } from "./stores.schema.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

describeEachDb("stores and menus", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop?.close());

  it("has the two stores with their own ids, languages and feature switches", async () => {
    const res = await shop.app.inject({ url: "/api/stores/v1/stores/" });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    const es = results.find((s: any) => s.sourceCode === "ESDB");
    const fr = results.find((s: any) => s.sourceCode === "FRDB");
    expect(es.language).toBe("es");
    expect(fr.language).toBe("fr");
    expect(es.id).not.toBe(fr.id);
    expect(es.countryCode).toBe("ES");
    expect(fr.countryCode).toBe("FR");
    expect(Object.values(es.features).every(Boolean)).toBe(true);
    expect(Object.values(fr.features).some(Boolean)).toBe(false);
  });

  it("serves the main menu per store and the footer menu of one path", async () => {
    const main = await shop.app.inject({ url: "/api/catalog/v1/menus/web-list/?store=FRDB&menu_type=main" });
    expect(main.statusCode).toBe(200);
    expect(main.json().results.map((i: any) => i.url)).toContain("/fr/receveurs-de-douche/");

    const footerTrays = await shop.app.inject({ url: "/api/catalog/v1/menus/web-list/?store=ESDB&menu_type=footer&path=platos-de-ducha" });
    const footerHome = await shop.app.inject({ url: "/api/catalog/v1/menus/web-list/?store=ESDB&menu_type=footer&path=" });
    const labels = (r: any) => r.json().results.map((i: any) => i.label);
    expect(labels(footerTrays)).toContain("Guía de medidas de platos de ducha");
    expect(labels(footerHome)).not.toContain("Guía de medidas de platos de ducha");
  });

  it("answers 400 with a message for a bad menu type, and a JSON 404 for unknown API paths", async () => {
    const bad = await shop.app.inject({ url: "/api/catalog/v1/menus/web-list/?store=ESDB&menu_type=side" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("validation");
    expect(bad.json().error.message).toMatch(/menu_type/);
    const unknownStore = await shop.app.inject({ url: "/api/catalog/v1/menus/web-list/?store=XXDB&menu_type=main" });
    expect(unknownStore.statusCode).toBe(400);
    expect(unknownStore.json().error.message).toBe("Tienda desconocida");
    const missing = await shop.app.inject({ url: "/api/nothing/here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "api.not_found", message: "La ruta de la API no existe" } });
  });

  it("rereads the menus when they change, even by plain SQL (on every copy, through the database's NOTIFY)", async () => {
    const url = "/api/catalog/v1/menus/web-list/?store=ESDB&menu_type=main";
    const before = (await shop.app.inject({ url })).json().results.map((i: any) => i.label);
    expect(before).toContain("Mamparas");
    await shop.database.db
      .update(menuItems)
      .set({ label: "Mamparas de ducha" })
      .where(and(eq(menuItems.label, "Mamparas"), eq(menuItems.menuType, "main")));
    // The table's trigger (migration 0027) announces the change at commit: no signal by hand.
    await expect.poll(async () => (await shop.app.inject({ url })).json().results.map((i: any) => i.label)).toContain("Mamparas de ducha");
  });
});
