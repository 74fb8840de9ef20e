/**
 * A minimal PDF writer for the product sheets (data, assembly, maintenance sheets): one or more
 * A4 pages of Helvetica text with headings and rules. Enough for a real, downloadable document
 * without a PDF dependency.
 */

export type PdfLine = { text: string; size?: number; bold?: boolean; gap?: number; rule?: boolean };

/** PDF strings are Latin-1 with WinAnsi encoding: map the few characters Spanish and French need. */
function pdfString(s: string): string {
  let out = "";
  for (const ch of s.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    let byte: number;
    if (code < 128) byte = code;
    else if (code >= 160 && code <= 255) byte = code;
    else if (ch === "€") byte = 0x80;
    else if (ch === "–" || ch === "—") byte = 0x96;
    else if (ch === "’") byte = 0x92;
    else if (ch === "œ") byte = 0x9c;
    else byte = 63; // "?"
    if (byte === 40 || byte === 41 || byte === 92) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 32 || byte > 126) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `(${out})`;
}

/** Wraps text to a width in characters (Helvetica averages about 0.5 em per character). */
function wrap(text: string, max: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let cur = "";
  for (const w of words) {
    if ((cur + " " + w).trim().length > max) {
      if (cur) lines.push(cur);
      cur = w;
    } else cur = (cur + " " + w).trim();
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Builds a PDF document (bytes) from lines of text; a new page starts when one is full. */
export function buildPdf(title: string, lines: PdfLine[]): Buffer {
  const pageH = 842;
  const left = 56;
  const pages: string[] = [];
  let ops = "";
  let y = pageH - 64;
  const newPage = () => {
    pages.push(ops);
    ops = "";
    y = pageH - 64;
  };
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= line.gap ?? 0;
    if (line.rule) {
      ops += `0.75 w 0.06 0.24 0.34 RG ${left} ${y} m 539 ${y} l S\n`;
      y -= 14;
      continue;
    }
    for (const part of wrap(line.text, Math.floor(960 / size))) {
      if (y < 60) newPage();
      ops += `BT /${line.bold ? "F2" : "F1"} ${size} Tf ${left} ${y} Td ${pdfString(part)} Tj ET\n`;
      y -= size * 1.45;
    }
  }
  pages.push(ops);

  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // pages, filled below
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  add(`<< /Title ${pdfString(title)} /Producer (BanoDirecto) >>`);
  const kids: number[] = [];
  for (const content of pages) {
    const stream = `0.06 0.24 0.34 rg\n${content}`;
    add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`);
    const contentId = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
