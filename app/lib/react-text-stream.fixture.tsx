/**
 * Run by react-text-stream.server.test.ts in a process of its own with NODE_ENV=production (React
 * picks its build by NODE_ENV when first loaded): renders the same trees with react-dom's stock
 * renderToPipeableStream and with the text-writing one, one render at a time (the two share React's
 * context values), and prints, as JSON, each case's output from both.
 */
import { PassThrough } from "node:stream";
import { Suspense, use, useId } from "react";
import * as stock from "react-dom/server";
import { loadTextRenderer } from "./react-text-stream.server.ts";

type Render = typeof stock.renderToPipeableStream;

const mixed = "Plato de ducha de resina — pizarra «Ibiza» 120×80 cm, 219,00 € 🛁 façade d'Œuvre. ";

function Field({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} defaultValue={`${label} <"&'>`} />
    </p>
  );
}

function Later({ promise }: { promise: Promise<string> }) {
  const text = use(promise);
  return <p className="later">{text}</p>;
}

function Document({ slow, failing, big }: { slow: Promise<string>; failing: Promise<string>; big: Promise<string> }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <title>{`Baño ${"ñ".repeat(3)} | Tienda`}</title>
        <link rel="stylesheet" href="/a.css" precedence="default" />
      </head>
      <body>
        <img src="/hero.jpg" alt="Hero" fetchPriority="high" srcSet="/hero-640.jpg 640w, /hero-1280.jpg 1280w" sizes="100vw" />
        <h1 style={{ color: "#123", marginTop: 4 }}>{mixed}</h1>
        <p>
          {"a"}
          {"b"}
          {3}
          {mixed}
        </p>
        <Field label="Nombre" />
        <Field label="Correo" />
        <select defaultValue="b" aria-label="choice">
          <option value="a">A</option>
          <option value="b">B ñ</option>
        </select>
        <textarea defaultValue={mixed.repeat(3)} aria-label="text" />
        <svg viewBox="0 0 10 10" aria-hidden="true">
          <path d="M0 0h10v10z" strokeWidth={2} />
        </svg>
        <div dangerouslySetInnerHTML={{ __html: `<b>${mixed}</b>` }} />
        {/* Longer than React's 4 KB view (written straight through by the stock build). */}
        <p>{mixed.repeat(80)}</p>
        <ul>
          {Array.from({ length: 300 }, (_, i) => (
            <li key={i} data-i={i} className={i % 2 ? "odd" : "even"}>
              {`${i}: ${mixed.slice(0, (i % 40) + 1)}`}
            </li>
          ))}
        </ul>
        <Suspense fallback={<p>Cargando…</p>}>
          <Later promise={slow} />
        </Suspense>
        <Suspense fallback={<p>Cargando error…</p>}>
          <Later promise={failing} />
        </Suspense>
        {/* Over React's progressive chunk size in bytes, under it in characters: outlined by bytes. */}
        <Suspense fallback={<p>Cargando grande…</p>}>
          <Later promise={big} />
        </Suspense>
        <script dangerouslySetInnerHTML={{ __html: "window.x = '</script>'.length" }} />
      </body>
    </html>
  );
}

function delayed<T>(ms: number, value: T, fail = false): Promise<T> {
  return new Promise((ok, ko) => setTimeout(() => (fail ? ko(new Error("no")) : ok(value)), ms));
}

function run(render: Render, ready: "onShellReady" | "onAllReady", abortAfter?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on("data", (c: Buffer) => parts.push(c));
    out.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    out.on("error", reject);
    const tree = <Document slow={delayed(20, "listo ✓")} failing={delayed(10, "", true)} big={delayed(30, "é".repeat(8000))} />;
    const { pipe, abort } = render(tree, {
      bootstrapScripts: ["/entry.js"],
      nonce: "n0nce",
      onError: () => undefined,
      [ready]() {
        pipe(out);
      },
    });
    if (abortAfter !== undefined) setTimeout(() => abort(new Error("gone")), abortAfter);
  });
}

async function main() {
  const text = loadTextRenderer();
  if (!text.render) {
    process.stdout.write(JSON.stringify({ status: { applied: false, reason: text.reason }, cases: [] }));
    return;
  }
  const render = text.render;
  const status = { applied: true };
  const cases: { name: string; stock: string; text: string }[] = [];
  for (const [name, ready, abortAfter] of [
    ["streamed", "onShellReady", undefined],
    ["all ready", "onAllReady", undefined],
    ["aborted after the shell", "onShellReady", 15],
  ] as const) {
    cases.push({ name, stock: await run(stock.renderToPipeableStream, ready, abortAfter), text: await run(render, ready, abortAfter) });
  }
  process.stdout.write(JSON.stringify({ status, cases }));
}

void main();
