import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { fileUrl, formatForAccept, IMAGE_WIDTHS } from "../../../core/media.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";
import { isValidFileKey, isValidKey, isValidWidth } from "./media.service.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

// "<key...>/<width>.<format>" (or "<key...>/<width>": the format the Accept header prefers):
// the key is everything before the last segment.
const IMAGE_PATH = /^(.+)\/(\d{1,5})(?:\.(avif|webp|jpg))?$/;
const ImagePath = z.string().max(400).regex(IMAGE_PATH, "media.bad_path");

/**
 * GET /media/<key>/<width>.<avif|webp|jpg>: a resized original (widths of core/media.ts only);
 * GET /media/<key>/<width>: the same in the best format the browser accepts (Vary: Accept).
 * GET /media/files/<key>.pdf: a product sheet (/media/files/<key> redirects there).
 */
export async function mediaRoutes(app: FastifyInstance, { media }: Services) {
  app.get<{ Params: { key: string } }>("/media/files/:key", async (req, reply) => {
    const m = /^(.+)\.pdf$/.exec(req.params.key);
    // Sheets were once linked without their extension: send those links on to the file's address.
    if (!m && isValidFileKey(req.params.key)) return reply.redirect(fileUrl(req.params.key), 301);
    if (!m || !isValidFileKey(m[1])) throw new AppError("media.bad_key", 400, "Clave de imagen no válida");
    const file = await media.file(m[1]);
    if (!file) throw new AppError("media.not_found", 404, "Archivo no encontrado");
    if (req.headers["if-none-match"] === file.etag) return reply.status(304).send();
    return reply
      .header("content-type", "application/pdf")
      .header("content-length", file.body.length)
      .header("content-disposition", `inline; filename="${m[1]}.pdf"`)
      .header("cache-control", "public, max-age=86400")
      .header("etag", file.etag)
      .send(file.body);
  });

  app.get<{ Params: { "*": string } }>("/media/*", async (req, reply) => {
    const parsed = ImagePath.safeParse(req.params["*"]);
    if (!parsed.success) throw new AppError("media.bad_path", 400, "Ruta de imagen no válida: /media/<clave>/<ancho>.<avif|webp|jpg>");
    const [, key, w, given] = IMAGE_PATH.exec(parsed.data)!;
    const format = given ?? formatForAccept(req.headers.accept);
    const width = Number(w);
    if (!isValidKey(key)) throw new AppError("media.bad_key", 400, "Clave de imagen no válida");
    if (!isValidWidth(width)) throw new AppError("media.bad_width", 400, `Ancho no permitido: ${IMAGE_WIDTHS.join(", ")}`);
    const img = await media.image(key, width, format as "avif" | "webp" | "jpg");
    if (!img) throw new AppError("media.not_found", 404, "Archivo no encontrado");
    reply
      .header("cache-control", IMMUTABLE)
      .header("etag", img.etag)
      .header("vary", given ? "accept-encoding" : "accept, accept-encoding");
    if (req.headers["if-none-match"] === img.etag) return reply.status(304).send();
    return reply.header("content-type", img.contentType).header("content-length", img.body.length).send(img.body);
  });
}
