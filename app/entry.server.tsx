import { AsyncLocalStorage } from "node:async_hooks";
import { NonceContext } from "./lib/nonce";
import { type Readable, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "~/lib/react-text-stream.server";
import { ShopServerRouter } from "~/lib/server-router";
import type { AppLoadContext, EntryContext } from "react-router";
import { allMessagesUrl, pickMessages, setMessageRecorder } from "../core/i18n/dictionaries.ts";
import { languageFromPath } from "../core/stores.ts";

export const streamTimeout = 5_000;
// For the tests: the server build's entry module is how they reach this module's state.
export { serverRouterStatus } from "~/lib/server-router";

const FALLBACK_HTML = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Error</title><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="font-family:system-ui,sans-serif;padding:3rem;text-align:center"><h1>An error occurred while showing the error page</h1><p><a href="/">Volver a la tienda</a></p></body></html>`;

// The message keys each render uses (core/i18n's t() reports them): the document carries those only.
const usedKeys = new AsyncLocalStorage<Set<string>>();
setMessageRecorder((key) => usedKeys.getStore()?.add(key));

/** The messages' elements made last, by dictionary and list of keys, most recently used last. */
const messageElements = new Map<string, string>();

/**
 * The page's messages as JSON data, written just before </body>: by then React has rendered
 * everything (shell, suspended parts, error boundaries), so the set of keys is complete.
 * `data-src` is the whole dictionary, fetched by the browser for whatever the page shows next.
 */
function messagesElement(url: string, keys: Set<string>): string {
  const lang = languageFromPath(new URL(url).pathname);
  // The same page renders the same keys in the same order: the element is made once per list of
  // keys (sorting ~100 keys, building and writing their object was ~1 % of a page's server time).
  const src = allMessagesUrl(lang);
  const id = `${src}\n${[...keys].join("\n")}`;
  let element = messageElements.get(id);
  if (element === undefined) {
    const json = JSON.stringify(pickMessages(lang, keys)).replace(/</g, "\\u003c");
    element = `<script id="i18n-${lang}" type="application/json" data-src="${src}">${json}</script>`;
    if (messageElements.size >= 64) messageElements.delete(messageElements.keys().next().value as string);
  } else messageElements.delete(id);
  messageElements.set(id, element);
  return element;
}

const BODY_END = "</body>";

/**
 * The document as the web stream a Response needs, read from the Node stream only if someone
 * reads it (highWaterMark 0: nothing is pulled ahead). The shop's server takes the Node stream
 * itself (`loadContext.nodeBodies`), so the bytes skip two conversions (Node to web and back, ~3 %
 * of an uncached page's CPU); anything else reading the Response still gets the whole document.
 */
function webStreamOnDemand(node: Readable): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= createReadableStreamFromReadable(node).getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        if (reader) return reader.cancel(reason);
        node.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Passes the document through, adding the messages before </body> (or at the end), in batches:
 * each piece would cost a pass through the web stream, Fastify and the compressor (a third of
 * the CPU of an uncached page went there when React wrote pieces of about 2 KB). React now writes
 * one string per flush (app/lib/react-text-stream.server.ts); what it writes in one go (the shell,
 * then each streamed part) leaves as one chunk.
 */
function withMessages(url: string, keys: Set<string>, onEnd: () => void): Transform {
  let added = false;
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  const batch = (): Buffer | null => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (pending.length === 0) return null;
    let out = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    if (!added) {
      // Bytes, not text: a piece may end in the middle of a multi-byte character.
      const i = out.lastIndexOf(BODY_END);
      if (i >= 0) {
        added = true;
        out = Buffer.concat([out.subarray(0, i), Buffer.from(messagesElement(url, keys)), out.subarray(i)]);
      }
    }
    return out;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      pending.push(chunk);
      scheduled ??= setImmediate(() => {
        const out = batch();
        if (out) stream.push(out);
      });
      callback();
    },
    flush(callback) {
      onEnd();
      const out = batch();
      if (out) this.push(out);
      callback(null, added ? undefined : Buffer.from(messagesElement(url, keys)));
    },
    destroy(err, callback) {
      if (scheduled) clearImmediate(scheduled);
      callback(err);
    },
  });
  return stream;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    // The document's stream, once the shell is rendered.
    let body: Transform | null = null;
    // Abort a render still streaming after the timeout; cleared as soon as it ends (or fails), so
    // no timer outlives its render.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const keys = new Set<string>();
    const { pipe, abort } = usedKeys.run(keys, () =>
      renderToPipeableStream(
        <NonceContext.Provider value={loadContext.nonce}>
          <ShopServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} keep={loadContext.services.config.routerCache} />
        </NonceContext.Provider>,
        {
          nonce: loadContext.nonce,
          [readyOption]() {
            const out = withMessages(request.url, keys, () => clearTimeout(timer));
            body = out;
            out.once("close", () => clearTimeout(timer));
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const response = new Response(webStreamOnDemand(out), { headers: responseHeaders, status: responseStatusCode });
            loadContext.nodeBodies?.set(response, out);
            resolve(response);
            pipe(out);
          },
          onShellError(error: unknown) {
            // Even the error page failed to render: a static page with a way home.
            clearTimeout(timer);
            console.error(error);
            resolve(new Response(FALLBACK_HTML, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8" } }));
            void reject;
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            // Destroyed before its end: the visitor left mid-stream (another page, a closed tab) and
            // React stopped rendering; not a fault of the shop, not logged as one.
            const visitorLeft = body?.destroyed && !body.writableFinished;
            if (body && !visitorLeft) console.error(error);
          },
        },
      ),
    );
  });
}
