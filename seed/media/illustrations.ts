/**
 * Product, category, banner and brand illustrations drawn as SVG. The demo shop has no
 * photographs: every original image is one of these drawings, written to
 * DATA_DIR/media/originals/<key>.svg by the seed and rasterised on demand by the media service.
 * Drawings are pure functions of their arguments (deterministic), so a reseed gives the same files.
 */

export type ProductKind =
  | "shower_tray"
  | "shower_screen_frontal"
  | "shower_screen_angular"
  | "shower_screen_semicircular"
  | "bath_screen"
  | "toilet_floor"
  | "toilet_wall"
  | "toilet_compact"
  | "toilet_seat"
  | "bathtub_freestanding"
  | "bathtub_builtin"
  | "bathtub_whirlpool"
  | "vanity"
  | "cabinet_column"
  | "washbasin_countertop"
  | "washbasin_wall"
  | "tap_basin"
  | "shower_column"
  | "tap_bath"
  | "mirror"
  | "towel_rail"
  | "dispenser"
  | "drain_valve"
  | "grate"
  | "legs";

export const PRODUCT_KINDS: readonly ProductKind[] = [
  "shower_tray",
  "shower_screen_frontal",
  "shower_screen_angular",
  "shower_screen_semicircular",
  "bath_screen",
  "toilet_floor",
  "toilet_wall",
  "toilet_compact",
  "toilet_seat",
  "bathtub_freestanding",
  "bathtub_builtin",
  "bathtub_whirlpool",
  "vanity",
  "cabinet_column",
  "washbasin_countertop",
  "washbasin_wall",
  "tap_basin",
  "shower_column",
  "tap_bath",
  "mirror",
  "towel_rail",
  "dispenser",
  "drain_valve",
  "grate",
  "legs",
];

/** What a drawing shows: the product kind, its body colour and its metal/profile colour. */
export type ProductArt = {
  kind: ProductKind;
  /** Body colour: resin, ceramic, cabinet finish, glass tint for screens. */
  color: string;
  /** Metal colour: screen profiles, taps, handles, drains. */
  accent: string;
  texture?: "slate" | "smooth";
  style?: "modern" | "vintage" | "rustic" | "industrial";
  shape?: "round" | "rect";
  led?: boolean;
  /** Nominal measures in cm, printed on the sketch (width, depth/length, height). */
  dims?: { w: number; d?: number; h?: number };
};

export type ProductView = "main" | "detail" | "environment" | "sketch" | "3d" | "option";

export const VIEW_SIZES: Record<ProductView, { width: number; height: number }> = {
  main: { width: 800, height: 800 },
  detail: { width: 800, height: 800 },
  environment: { width: 1200, height: 800 },
  sketch: { width: 800, height: 800 },
  "3d": { width: 800, height: 800 },
  option: { width: 800, height: 800 },
};

// ---------------------------------------------------------------- colour helpers

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h.padEnd(6, "0").slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const t = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  return rgbToHex(r + (t - r) * a, g + (t - g) * a, b + (t - b) * a);
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Small deterministic generator for textures (slate veins, wood grain). */
function rand(seed: number) {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

// ---------------------------------------------------------------- shared defs

/** Gradients every product drawing refers to: body (b*), metal (m*), glass (g*) and a soft shadow. */
function defs(p: string, art: ProductArt): string {
  const c = art.color;
  const m = art.accent;
  return `<defs>
<linearGradient id="${p}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c, 0.18)}"/><stop offset="0.6" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.1)}"/></linearGradient>
<linearGradient id="${p}bs" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c, -0.12)}"/><stop offset="1" stop-color="${shade(c, -0.24)}"/></linearGradient>
<linearGradient id="${p}m" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(m, -0.2)}"/><stop offset="0.35" stop-color="${shade(m, 0.45)}"/><stop offset="0.6" stop-color="${m}"/><stop offset="1" stop-color="${shade(m, -0.25)}"/></linearGradient>
<linearGradient id="${p}mv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(m, 0.4)}"/><stop offset="0.5" stop-color="${m}"/><stop offset="1" stop-color="${shade(m, -0.25)}"/></linearGradient>
<linearGradient id="${p}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dff0f5" stop-opacity="0.75"/><stop offset="0.5" stop-color="#bcd9e3" stop-opacity="0.45"/><stop offset="1" stop-color="#9cc4d3" stop-opacity="0.6"/></linearGradient>
<linearGradient id="${p}w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e8ebee"/></linearGradient>
<radialGradient id="${p}sh"><stop offset="0" stop-color="#1c2a33" stop-opacity="0.32"/><stop offset="1" stop-color="#1c2a33" stop-opacity="0"/></radialGradient>
</defs>`;
}

const shadow = (p: string, cx: number, cy: number, rx: number, ry: number) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${p}sh)"/>`;

/** A glossy white streak: what makes ceramic and glass read as such. */
const gloss = (d: string, opacity = 0.35) => `<path class="gl" d="${d}" fill="#fff" opacity="${opacity}"/>`;

// ---------------------------------------------------------------- product drawings (800 x 800, no background)

function showerTray(p: string, art: ProductArt): string {
  // Parallelogram top face: P(u, v) = A + u (B - A) + v (D - A).
  const A = [110, 455];
  const B = [480, 355];
  const D = [330, 560];
  const P = (u: number, v: number) => [A[0] + u * (B[0] - A[0]) + v * (D[0] - A[0]), A[1] + u * (B[1] - A[1]) + v * (D[1] - A[1])];
  const pt = (q: number[]) => `${q[0].toFixed(1)},${q[1].toFixed(1)}`;
  const C = P(1, 1);
  const t = 34;
  const top = [P(0, 0), P(1, 0), C, P(0, 1)].map(pt).join(" ");
  const front = [P(0, 1), C, [C[0], C[1] + t], [P(0, 1)[0], P(0, 1)[1] + t]].map(pt).join(" ");
  const left = [P(0, 0), P(0, 1), [P(0, 1)[0], P(0, 1)[1] + t], [A[0], A[1] + t]].map(pt).join(" ");
  let surface = "";
  if (art.texture === "slate") {
    // Slate: irregular veins running along the tray, light and dark, clipped to the top face.
    const r = rand(hashString(art.color) + 7);
    let veins = "";
    for (let i = 0; i < 46; i++) {
      const v = (i + r() * 0.8) / 46;
      let d = "";
      for (let s = 0; s <= 14; s++) {
        const u = s / 14;
        const q = P(u, Math.min(1, Math.max(0, v + (r() - 0.5) * 0.035)));
        d += `${s === 0 ? "M" : "L"}${pt(q)} `;
      }
      const light = i % 3 === 0;
      veins += `<path d="${d}" fill="none" stroke="${light ? shade(art.color, 0.35) : shade(art.color, -0.3)}" stroke-width="${(1 + r() * 2.2).toFixed(1)}" opacity="${(0.35 + r() * 0.4).toFixed(2)}"/>`;
    }
    for (let i = 0; i < 60; i++) {
      const q = P(r(), r());
      veins += `<circle cx="${q[0].toFixed(1)}" cy="${q[1].toFixed(1)}" r="${(1 + r() * 2).toFixed(1)}" fill="${shade(art.color, r() > 0.5 ? 0.3 : -0.3)}" opacity="0.5"/>`;
    }
    surface = `<clipPath id="${p}tc"><polygon points="${top}"/></clipPath><g clip-path="url(#${p}tc)">${veins}</g>`;
  } else {
    const g1 = [P(0.15, 0), P(0.35, 0), P(0.2, 1), P(0, 1)].map(pt).join(" ");
    surface = `<polygon class="gl" points="${g1}" fill="#fff" opacity="0.18"/>`;
  }
  // Linear drain near the short side, in the metal colour.
  const drain = [P(0.86, 0.18), P(0.9, 0.18), P(0.9, 0.82), P(0.86, 0.82)].map(pt).join(" ");
  let slots = "";
  for (let i = 1; i < 10; i++) {
    const a = P(0.865, 0.18 + i * 0.064);
    const b = P(0.895, 0.18 + i * 0.064);
    slots += `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" stroke="${shade(art.accent, -0.45)}" stroke-width="2"/>`;
  }
  // Drawn 25 % larger around its centre: a flat slab would otherwise look lost in the frame.
  return `<g transform="translate(-100 -115) scale(1.25)">${shadow(p, 410, 560, 360, 70)}
<polygon points="${left}" fill="${shade(art.color, -0.22)}"/>
<polygon points="${front}" fill="url(#${p}bs)"/>
<polygon points="${top}" fill="url(#${p}b)" stroke="${shade(art.color, -0.15)}" stroke-width="1.5"/>
${surface}
<polygon points="${drain}" fill="url(#${p}m)" stroke="${shade(art.accent, -0.35)}" stroke-width="1.5"/>${slots}</g>`;
}

function glassPanel(p: string, pts: string, streak: string) {
  return `<polygon points="${pts}" fill="url(#${p}g)" stroke="#8fb3c2" stroke-width="1.5"/>${gloss(streak, 0.35)}`;
}

function screenBase(p: string) {
  return `${shadow(p, 400, 672, 320, 36)}<rect x="120" y="640" width="560" height="26" rx="4" fill="url(#${p}w)" stroke="#cfd6dc"/>`;
}

function showerScreenFrontal(p: string, art: ProductArt): string {
  const m = `url(#${p}m)`;
  return `${screenBase(p)}
${glassPanel(p, "160,140 420,140 420,640 160,640", "190,160 250,160 200,620 170,620")}
${glassPanel(p, "390,150 640,150 640,636 390,636", "430,170 470,170 420,600 405,600")}
<rect x="146" y="120" width="508" height="22" rx="4" fill="${m}"/>
<rect x="146" y="130" width="16" height="512" fill="url(#${p}mv)"/>
<rect x="638" y="130" width="16" height="512" fill="url(#${p}mv)"/>
<rect x="146" y="628" width="508" height="12" fill="${m}"/>
<rect x="402" y="300" width="12" height="170" rx="6" fill="${m}" stroke="${shade(art.accent, -0.4)}"/>
<circle cx="408" cy="142" r="7" fill="${shade(art.accent, -0.3)}"/><circle cx="612" cy="142" r="7" fill="${shade(art.accent, -0.3)}"/>`;
}

function showerScreenAngular(p: string, art: ProductArt): string {
  const m = `url(#${p}m)`;
  const stroke = (d: string, w: number) => `<path d="${d}" fill="none" stroke="${art.accent}" stroke-width="${w}" stroke-linecap="round"/>`;
  return `${shadow(p, 400, 660, 330, 40)}
<polygon points="150,620 400,690 650,620 400,560" fill="url(#${p}w)" stroke="#cfd6dc"/>
${glassPanel(p, "150,150 400,200 400,690 150,620", "180,170 230,180 190,600 165,595")}
${glassPanel(p, "400,200 650,150 650,620 400,690", "440,205 480,198 440,650 420,655")}
${stroke("M150,150 L400,200 L650,150", 14)}
${stroke("M150,620 L400,690 L650,620", 10)}
<rect x="392" y="196" width="16" height="496" fill="${m}"/>
<rect x="142" y="146" width="12" height="478" fill="url(#${p}mv)"/><rect x="646" y="146" width="12" height="478" fill="url(#${p}mv)"/>
<rect x="372" y="360" width="10" height="150" rx="5" fill="${m}" stroke="${shade(art.accent, -0.4)}"/>
<rect x="418" y="360" width="10" height="150" rx="5" fill="${m}" stroke="${shade(art.accent, -0.4)}"/>`;
}

function showerScreenSemicircular(p: string, art: ProductArt): string {
  return `${shadow(p, 400, 660, 320, 45)}
<path d="M160,600 Q400,720 640,600 L640,560 L160,560 Z" fill="url(#${p}w)" stroke="#cfd6dc"/>
<path d="M160,170 Q400,270 640,170 L640,600 Q400,710 160,600 Z" fill="url(#${p}g)" stroke="#8fb3c2" stroke-width="1.5"/>
${gloss("M200,200 Q240,215 270,225 L240,640 Q215,630 200,622 Z", 0.32)}
${gloss("M470,230 Q500,222 520,214 L505,655 Q490,660 470,664 Z", 0.25)}
<path d="M160,170 Q400,270 640,170" fill="none" stroke="url(#${p}m)" stroke-width="14" stroke-linecap="round"/>
<path d="M160,600 Q400,710 640,600" fill="none" stroke="url(#${p}m)" stroke-width="10" stroke-linecap="round"/>
<rect x="152" y="164" width="14" height="440" fill="url(#${p}mv)"/><rect x="634" y="164" width="14" height="440" fill="url(#${p}mv)"/>
<line x1="400" y1="222" x2="400" y2="656" stroke="${shade(art.accent, -0.1)}" stroke-width="3"/>
<rect x="378" y="380" width="10" height="130" rx="5" fill="url(#${p}m)"/><rect x="412" y="380" width="10" height="130" rx="5" fill="url(#${p}m)"/>`;
}

function bathtubBuiltinBody(p: string) {
  return `${shadow(p, 400, 650, 340, 36)}
<rect x="90" y="440" width="620" height="200" rx="6" fill="url(#${p}w)" stroke="#cfd6dc" stroke-width="2"/>
<rect x="80" y="420" width="640" height="30" rx="12" fill="#fbfcfd" stroke="#cfd6dc" stroke-width="2"/>
${gloss("M110,470 L690,470 L690,485 L110,485 Z", 0.6)}`;
}

function bathScreen(p: string, art: ProductArt): string {
  return `${bathtubBuiltinBody(p)}
${glassPanel(p, "170,120 360,120 360,420 170,420", "195,140 235,140 200,400 185,400")}
${glassPanel(p, "360,130 470,160 470,420 360,420", "380,150 400,155 385,400 372,400")}
<rect x="160" y="110" width="12" height="312" fill="url(#${p}mv)"/>
<rect x="354" y="130" width="10" height="290" fill="url(#${p}m)"/>
<rect x="160" y="412" width="310" height="10" fill="url(#${p}m)"/>
<rect x="162" y="200" width="8" height="26" fill="${shade(art.accent, -0.3)}"/><rect x="162" y="330" width="8" height="26" fill="${shade(art.accent, -0.3)}"/>`;
}

function toilet(p: string, art: ProductArt, variant: "floor" | "wall" | "compact"): string {
  const c = art.color;
  const edge = shade(c, -0.2);
  const wall = variant === "wall";
  const tankTop = variant === "compact" ? 250 : 170;
  const lift = wall ? -40 : 0;
  const tank = wall
    ? `<rect x="470" y="160" width="150" height="250" rx="6" fill="#dfe3e6" opacity="0.7"/><rect x="500" y="210" width="90" height="60" rx="6" fill="url(#${p}m)" stroke="${shade(art.accent, -0.35)}"/><rect x="508" y="218" width="35" height="44" rx="4" fill="${shade(art.accent, 0.2)}"/><rect x="547" y="218" width="35" height="44" rx="4" fill="${shade(art.accent, 0.1)}"/>`
    : `<rect x="440" y="${tankTop}" width="130" height="${400 - tankTop}" rx="18" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/>
<rect x="430" y="${tankTop - 18}" width="150" height="24" rx="8" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/>
<ellipse cx="505" cy="${tankTop - 20}" rx="18" ry="6" fill="url(#${p}m)"/>`;
  const pedestal = wall ? "" : `<path d="M330,${520 + lift} L318,640 L470,640 L470,520 Z" fill="url(#${p}bs)" stroke="${edge}" stroke-width="2"/>`;
  const bowl = `<path d="M190,${400 + lift} L500,${400 + lift} C520,${420 + lift} 520,${500 + lift} 480,${525 + lift} L330,${540 + lift} C255,${535 + lift} 195,${480 + lift} 190,${400 + lift} Z" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/>`;
  const seat = `<rect x="180" y="${384 + lift}" width="330" height="20" rx="9" fill="${shade(c, 0.1)}" stroke="${edge}" stroke-width="2"/>`;
  const lid = `<path d="M500,${384 + lift} L520,${250 + lift} L535,${252 + lift} L515,${386 + lift} Z" fill="${shade(c, 0.05)}" stroke="${edge}" stroke-width="2"/>`;
  return `${shadow(p, 400, 645, 260, 32)}${wall ? `<rect x="460" y="150" width="170" height="470" fill="#e9ecee" opacity="0.8"/>` : ""}${tank}${pedestal}${bowl}${seat}${wall ? lid : ""}
${gloss(`M215,${415 + lift} C230,${470 + lift} 260,${505 + lift} 300,${515 + lift} L295,${505 + lift} C265,${490 + lift} 240,${460 + lift} 228,${415 + lift} Z`, 0.45)}`;
}

function toiletSeat(p: string, art: ProductArt): string {
  const c = art.color;
  return `${shadow(p, 400, 620, 230, 40)}
<ellipse cx="400" cy="430" rx="200" ry="240" fill="url(#${p}b)" stroke="${shade(c, -0.25)}" stroke-width="3"/>
<ellipse cx="400" cy="450" rx="120" ry="160" fill="${shade(c, -0.08)}" stroke="${shade(c, -0.2)}" stroke-width="2"/>
<rect x="290" y="168" width="220" height="34" rx="14" fill="url(#${p}m)"/>
${gloss("M260,300 C280,250 320,220 360,210 L365,222 C325,235 295,262 276,310 Z", 0.5)}`;
}

function bathtub(p: string, art: ProductArt, variant: "freestanding" | "builtin" | "whirlpool"): string {
  const c = art.color;
  if (variant === "freestanding") {
    return `${shadow(p, 400, 625, 330, 36)}
<path d="M95,380 C105,560 170,620 280,620 L520,620 C630,620 695,560 705,380 Z" fill="url(#${p}b)" stroke="${shade(c, -0.2)}" stroke-width="2"/>
<ellipse cx="400" cy="380" rx="306" ry="46" fill="${shade(c, 0.2)}" stroke="${shade(c, -0.2)}" stroke-width="2"/>
<ellipse cx="400" cy="384" rx="282" ry="34" fill="${shade(c, -0.12)}"/>
${gloss("M130,420 C140,520 180,575 240,590 L250,580 C200,560 165,510 150,420 Z", 0.5)}
<rect x="640" y="250" width="14" height="372" fill="url(#${p}m)"/><path d="M647,256 C647,222 600,222 590,250" fill="none" stroke="url(#${p}m)" stroke-width="12" stroke-linecap="round"/>
<rect x="628" y="610" width="38" height="12" rx="3" fill="url(#${p}m)"/>`;
  }
  const jets =
    variant === "whirlpool"
      ? `<ellipse cx="400" cy="432" rx="290" ry="10" fill="#8fc9e0" opacity="0.8"/>${[150, 230, 320, 410, 500, 590]
          .map((x, i) => `<circle cx="${x}" cy="${424 - (i % 2) * 8}" r="${6 + (i % 3) * 2}" fill="#e6f6fb" stroke="#8fc9e0"/>`)
          .join(
            "",
          )}${[190, 400, 610].map((x) => `<circle cx="${x}" cy="520" r="11" fill="url(#${p}m)" stroke="${shade(art.accent, -0.3)}"/>`).join("")}<rect x="650" y="395" width="40" height="18" rx="6" fill="url(#${p}m)"/>`
      : "";
  return `${bathtubBuiltinBody(p).replace(/url\(#\w+w\)/, `url(#${p}b)`)}
<rect x="120" y="456" width="560" height="160" rx="4" fill="none" stroke="${shade(c, -0.15)}" stroke-width="2"/>
${jets}
<path d="M640,300 L640,350 C640,375 610,380 600,400" fill="none" stroke="url(#${p}m)" stroke-width="12" stroke-linecap="round"/><rect x="625" y="290" width="30" height="30" rx="6" fill="url(#${p}m)"/>`;
}

function vanity(p: string, art: ProductArt): string {
  const c = art.color;
  const m = `url(#${p}m)`;
  const edge = shade(c, -0.25);
  const style = art.style ?? "modern";
  const r = rand(hashString(c + style));
  let body = `<rect x="180" y="340" width="440" height="250" rx="${style === "modern" ? 4 : 2}" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/>`;
  let fronts = "";
  let legs = "";
  if (style === "modern") {
    fronts = `<line x1="186" y1="465" x2="614" y2="465" stroke="${edge}" stroke-width="3"/><rect x="186" y="348" width="428" height="8" fill="${shade(c, -0.18)}"/><rect x="186" y="470" width="428" height="8" fill="${shade(c, -0.18)}"/>`;
  } else if (style === "vintage") {
    fronts = `<rect x="200" y="360" width="190" height="210" rx="6" fill="none" stroke="${edge}" stroke-width="4"/><rect x="410" y="360" width="190" height="210" rx="6" fill="none" stroke="${edge}" stroke-width="4"/>
<rect x="215" y="375" width="160" height="180" rx="4" fill="none" stroke="${shade(c, 0.25)}" stroke-width="2"/><rect x="425" y="375" width="160" height="180" rx="4" fill="none" stroke="${shade(c, 0.25)}" stroke-width="2"/>
<circle cx="372" cy="465" r="9" fill="${m}"/><circle cx="428" cy="465" r="9" fill="${m}"/>`;
    legs = `<path d="M195,588 C190,615 200,630 186,645 L206,645 C212,625 214,605 215,588 Z" fill="${shade(c, -0.15)}"/><path d="M605,588 C610,615 600,630 614,645 L594,645 C588,625 586,605 585,588 Z" fill="${shade(c, -0.15)}"/>`;
  } else if (style === "rustic") {
    for (let x = 180; x < 620; x += 44) fronts += `<line x1="${x}" y1="342" x2="${x}" y2="588" stroke="${edge}" stroke-width="2" opacity="0.7"/>`;
    for (let i = 0; i < 22; i++) {
      const x = 190 + r() * 410;
      const y = 350 + r() * 220;
      fronts += `<path d="M${x.toFixed(0)},${y.toFixed(0)} q${(8 + r() * 16).toFixed(0)},${(r() * 6 - 3).toFixed(0)} ${(20 + r() * 26).toFixed(0)},0" fill="none" stroke="${shade(c, -0.35)}" stroke-width="1.5" opacity="0.6"/>`;
    }
    fronts += `<rect x="250" y="455" width="60" height="10" rx="3" fill="#2b2b2b"/><rect x="490" y="455" width="60" height="10" rx="3" fill="#2b2b2b"/>`;
    legs = `<rect x="186" y="588" width="30" height="55" fill="${shade(c, -0.3)}"/><rect x="584" y="588" width="30" height="55" fill="${shade(c, -0.3)}"/>`;
  } else {
    body = `<rect x="180" y="340" width="440" height="120" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/>`;
    fronts = `<rect x="370" y="395" width="60" height="10" rx="3" fill="#1d1d1f"/>
<rect x="200" y="540" width="400" height="12" fill="#2a2a2c"/>
<rect x="230" y="495" width="90" height="45" rx="8" fill="#d7c9b0" stroke="#b8a88c"/><rect x="340" y="505" width="120" height="35" rx="4" fill="#f1efe9" stroke="#d9d5cc"/><rect x="340" y="490" width="120" height="16" rx="4" fill="#e4e0d7"/>`;
    legs = `<path d="M178,330 L178,645 M622,330 L622,645 M178,460 L622,460 M178,552 L622,552" fill="none" stroke="#1d1d1f" stroke-width="12" stroke-linecap="square"/>`;
  }
  const floating = style === "modern";
  return `${shadow(p, 400, floating ? 660 : 648, 280, floating ? 22 : 30)}${floating ? "" : legs}${body}${fronts}
<rect x="168" y="318" width="464" height="26" rx="4" fill="url(#${p}w)" stroke="#cdd3d8" stroke-width="2"/>
<path d="M300,322 C300,342 500,342 500,322 Z" fill="#d9dee2"/>
<rect x="392" y="250" width="16" height="70" rx="3" fill="${m}"/><path d="M400,256 C400,232 350,232 350,258" fill="none" stroke="${m}" stroke-width="12" stroke-linecap="round"/>
<rect x="404" y="232" width="34" height="8" rx="4" fill="${m}"/>`;
}

function cabinetColumn(p: string, art: ProductArt): string {
  const c = art.color;
  const edge = shade(c, -0.25);
  return `${shadow(p, 400, 665, 150, 20)}
<rect x="300" y="110" width="200" height="530" rx="4" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/>
<line x1="306" y1="380" x2="494" y2="380" stroke="${edge}" stroke-width="3"/>
<rect x="470" y="220" width="8" height="70" rx="4" fill="url(#${p}m)"/><rect x="470" y="430" width="8" height="70" rx="4" fill="url(#${p}m)"/>
${gloss("M310,120 L340,120 L310,300 Z", 0.25)}`;
}

function washbasin(p: string, art: ProductArt, variant: "countertop" | "wall"): string {
  const c = art.color;
  const edge = shade(c, -0.22);
  if (variant === "countertop") {
    const round = art.shape !== "rect";
    const bowl = round
      ? `<path d="M210,380 C215,520 300,560 400,560 C500,560 585,520 590,380 Z" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/><ellipse cx="400" cy="380" rx="190" ry="34" fill="${shade(c, 0.15)}" stroke="${edge}" stroke-width="2"/><ellipse cx="400" cy="384" rx="170" ry="24" fill="${shade(c, -0.12)}"/>`
      : `<rect x="210" y="390" width="380" height="170" rx="24" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/><rect x="200" y="372" width="400" height="34" rx="14" fill="${shade(c, 0.15)}" stroke="${edge}" stroke-width="2"/><rect x="222" y="378" width="356" height="22" rx="10" fill="${shade(c, -0.12)}"/>`;
    return `${shadow(p, 400, 610, 330, 26)}
<rect x="80" y="560" width="640" height="40" rx="4" fill="#c9a77c" stroke="#a98a61"/><rect x="80" y="560" width="640" height="8" fill="#dcc09a"/>
${bowl}
${gloss("M235,420 C250,480 280,520 330,540 L330,528 C292,510 262,480 250,420 Z", 0.45)}
<rect x="590" y="330" width="16" height="230" rx="4" fill="url(#${p}m)"/><path d="M598,336 C598,300 530,300 525,340" fill="none" stroke="url(#${p}m)" stroke-width="13" stroke-linecap="round"/><rect x="602" y="360" width="40" height="10" rx="5" fill="url(#${p}m)"/>`;
  }
  return `${shadow(p, 400, 660, 240, 24)}
<path d="M150,360 L650,360 L630,470 C600,520 200,520 170,470 Z" fill="url(#${p}b)" stroke="${edge}" stroke-width="2"/>
<rect x="140" y="340" width="520" height="30" rx="10" fill="${shade(c, 0.15)}" stroke="${edge}" stroke-width="2"/>
<path d="M200,372 L600,372 L590,440 C560,470 240,470 210,440 Z" fill="${shade(c, -0.1)}"/>
<rect x="380" y="505" width="40" height="120" rx="8" fill="url(#${p}m)"/>
<rect x="390" y="280" width="20" height="62" rx="4" fill="url(#${p}m)"/><path d="M400,286 C400,262 360,262 358,292" fill="none" stroke="url(#${p}m)" stroke-width="12" stroke-linecap="round"/>
${gloss("M175,380 L205,380 L220,455 L195,450 Z", 0.45)}`;
}

function tapBasin(p: string): string {
  return `${shadow(p, 400, 640, 220, 24)}
<rect x="150" y="600" width="500" height="36" rx="10" fill="url(#${p}w)" stroke="#cfd6dc"/>
<rect x="360" y="330" width="80" height="272" rx="14" fill="url(#${p}m)"/>
<path d="M372,360 L372,300 C372,240 420,220 470,220 L560,220 C580,220 585,250 560,258 L480,260 C440,262 428,280 428,320 Z" fill="url(#${p}mv)"/>
<rect x="548" y="255" width="26" height="14" rx="4" fill="${"#9fb7c4"}" opacity="0.8"/>
<path d="M400,330 L300,250" stroke="url(#${p}m)" stroke-width="22" stroke-linecap="round"/>
<ellipse cx="400" cy="602" rx="56" ry="10" fill="url(#${p}m)"/>
${gloss("M375,340 L387,340 L387,590 L375,590 Z", 0.45)}`;
}

function showerColumn(p: string): string {
  return `${shadow(p, 400, 680, 160, 16)}
<rect x="392" y="150" width="18" height="470" rx="6" fill="url(#${p}m)"/>
<path d="M401,158 L401,120 C401,100 420,95 440,95 L560,95" fill="none" stroke="url(#${p}m)" stroke-width="16" stroke-linecap="round"/>
<ellipse cx="560" cy="112" rx="120" ry="20" fill="url(#${p}m)"/>
${Array.from({ length: 9 }, (_, i) => `<line x1="${490 + i * 17}" y1="136" x2="${480 + i * 19}" y2="${210 + (i % 3) * 20}" stroke="#9fd3e6" stroke-width="3" opacity="0.7"/>`).join("")}
<rect x="330" y="470" width="142" height="64" rx="24" fill="url(#${p}mv)"/>
<circle cx="340" cy="502" r="26" fill="url(#${p}m)"/><circle cx="462" cy="502" r="26" fill="url(#${p}m)"/>
<rect x="302" y="320" width="24" height="140" rx="10" fill="url(#${p}m)" transform="rotate(-12 314 390)"/>
<path d="M318,460 C310,560 360,600 401,560" fill="none" stroke="url(#${p}m)" stroke-width="7"/>
<rect x="380" y="600" width="42" height="24" rx="4" fill="url(#${p}m)"/>`;
}

function tapBath(p: string): string {
  return `${shadow(p, 400, 640, 260, 22)}
<rect x="100" y="560" width="600" height="70" rx="10" fill="url(#${p}w)" stroke="#cfd6dc"/>
<rect x="270" y="330" width="260" height="60" rx="28" fill="url(#${p}mv)"/>
<circle cx="262" cy="360" r="30" fill="url(#${p}m)"/><circle cx="538" cy="360" r="30" fill="url(#${p}m)"/>
<path d="M400,390 L400,430 C400,450 380,460 360,460 L340,460" fill="none" stroke="url(#${p}m)" stroke-width="22" stroke-linecap="round"/>
<rect x="560" y="210" width="24" height="120" rx="10" fill="url(#${p}m)" transform="rotate(14 572 270)"/>
<path d="M560,330 C560,430 480,470 470,400" fill="none" stroke="url(#${p}m)" stroke-width="7"/>`;
}

function mirror(p: string, art: ProductArt): string {
  const round = art.shape === "round";
  const frame = art.accent;
  const glow = art.led
    ? round
      ? `<circle cx="400" cy="370" r="262" fill="none" stroke="#fff6d8" stroke-width="22" opacity="0.8"/><circle cx="400" cy="370" r="262" fill="none" stroke="#ffe9a8" stroke-width="6"/>`
      : `<rect x="148" y="108" width="504" height="524" rx="26" fill="none" stroke="#fff6d8" stroke-width="22" opacity="0.8"/><rect x="148" y="108" width="504" height="524" rx="26" fill="none" stroke="#ffe9a8" stroke-width="6"/>`
    : "";
  const shape = round
    ? `<circle cx="400" cy="370" r="250" fill="url(#${p}mi)" stroke="${frame}" stroke-width="${art.led ? 4 : 14}"/>`
    : `<rect x="160" y="120" width="480" height="500" rx="20" fill="url(#${p}mi)" stroke="${frame}" stroke-width="${art.led ? 4 : 14}"/>`;
  return `<defs><linearGradient id="${p}mi" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef5f8"/><stop offset="0.5" stop-color="#cfdfe6"/><stop offset="1" stop-color="#b4c9d3"/></linearGradient></defs>
${shadow(p, 400, 690, 200, 14)}${glow}${shape}
${gloss(round ? "M230,230 L300,170 L470,560 L400,610 Z" : "M220,140 L300,140 L470,600 L390,600 Z", 0.28)}
${gloss(round ? "M330,150 L360,140 L540,560 L510,580 Z" : "M330,140 L350,140 L520,600 L500,600 Z", 0.2)}`;
}

function towelRail(p: string): string {
  let bars = "";
  for (let y = 170; y <= 590; y += 52) bars += `<rect x="250" y="${y}" width="300" height="14" rx="7" fill="url(#${p}mv)"/>`;
  return `${shadow(p, 400, 680, 200, 16)}<rect x="236" y="130" width="22" height="540" rx="10" fill="url(#${p}m)"/><rect x="542" y="130" width="22" height="540" rx="10" fill="url(#${p}m)"/>${bars}
<path d="M300,236 L500,236 L500,380 L300,380 Z" fill="#e9dfcf" stroke="#cdbfa8"/><path d="M300,236 L500,236 L500,260 L300,260 Z" fill="#f5eee2"/>`;
}

function dispenser(p: string, art: ProductArt): string {
  return `${shadow(p, 400, 640, 170, 18)}
<rect x="300" y="300" width="200" height="330" rx="40" fill="url(#${p}b)" stroke="${shade(art.color, -0.25)}" stroke-width="2"/>
<rect x="360" y="250" width="80" height="56" rx="8" fill="url(#${p}m)"/>
<path d="M380,254 L380,210 L480,210 L490,226" fill="none" stroke="url(#${p}m)" stroke-width="18" stroke-linecap="round"/>
${gloss("M320,330 L340,320 L340,600 L320,590 Z", 0.45)}`;
}

function drainValve(p: string, art: ProductArt): string {
  let slots = "";
  for (let i = 0; i < 12; i++)
    slots += `<rect x="396" y="250" width="8" height="62" rx="4" fill="${shade(art.accent, -0.45)}" transform="rotate(${i * 30} 400 400)"/>`;
  return `${shadow(p, 400, 600, 230, 40)}
<circle cx="400" cy="400" r="200" fill="url(#${p}m)" stroke="${shade(art.accent, -0.35)}" stroke-width="4"/>
<circle cx="400" cy="400" r="170" fill="none" stroke="${shade(art.accent, 0.35)}" stroke-width="3"/>${slots}
<circle cx="400" cy="400" r="42" fill="url(#${p}mv)" stroke="${shade(art.accent, -0.3)}"/>`;
}

function grate(p: string, art: ProductArt): string {
  let slots = "";
  for (let x = 140; x < 660; x += 26) slots += `<rect x="${x}" y="372" width="12" height="56" rx="3" fill="${shade(art.accent, -0.5)}"/>`;
  return `${shadow(p, 400, 470, 330, 30)}<rect x="110" y="350" width="580" height="100" rx="8" fill="url(#${p}m)" stroke="${shade(art.accent, -0.35)}" stroke-width="3"/>${slots}`;
}

function legs(p: string): string {
  const leg = (x: number) =>
    `<path d="M${x},220 L${x + 40},220 L${x + 30},600 L${x + 10},600 Z" fill="url(#${p}m)"/><rect x="${x - 12}" y="206" width="64" height="18" rx="4" fill="url(#${p}mv)"/><ellipse cx="${x + 20}" cy="602" rx="22" ry="7" fill="url(#${p}mv)"/>`;
  return `${shadow(p, 400, 612, 240, 20)}${leg(250)}${leg(510)}`;
}

/** The product itself on a transparent 800 x 800 canvas (gradients prefixed with p). */
export function productShape(art: ProductArt, p = "a"): string {
  const body = (() => {
    switch (art.kind) {
      case "shower_tray":
        return showerTray(p, art);
      case "shower_screen_frontal":
        return showerScreenFrontal(p, art);
      case "shower_screen_angular":
        return showerScreenAngular(p, art);
      case "shower_screen_semicircular":
        return showerScreenSemicircular(p, art);
      case "bath_screen":
        return bathScreen(p, art);
      case "toilet_floor":
        return toilet(p, art, "floor");
      case "toilet_wall":
        return toilet(p, art, "wall");
      case "toilet_compact":
        return toilet(p, art, "compact");
      case "toilet_seat":
        return toiletSeat(p, art);
      case "bathtub_freestanding":
        return bathtub(p, art, "freestanding");
      case "bathtub_builtin":
        return bathtub(p, art, "builtin");
      case "bathtub_whirlpool":
        return bathtub(p, art, "whirlpool");
      case "vanity":
        return vanity(p, art);
      case "cabinet_column":
        return cabinetColumn(p, art);
      case "washbasin_countertop":
        return washbasin(p, art, "countertop");
      case "washbasin_wall":
        return washbasin(p, art, "wall");
      case "tap_basin":
        return tapBasin(p);
      case "shower_column":
        return showerColumn(p);
      case "tap_bath":
        return tapBath(p);
      case "mirror":
        return mirror(p, art);
      case "towel_rail":
        return towelRail(p);
      case "dispenser":
        return dispenser(p, art);
      case "drain_valve":
        return drainValve(p, art);
      case "grate":
        return grate(p, art);
      case "legs":
        return legs(p);
    }
  })();
  return `${defs(p, art)}${body}`;
}

/** Where the close-up (detail image) of each kind looks: [x, y, w, h] in the 800 x 800 drawing. */
const DETAIL_BOX: Record<ProductKind, [number, number, number, number]> = {
  shower_tray: [380, 330, 340, 340],
  shower_screen_frontal: [300, 100, 360, 360],
  shower_screen_angular: [300, 150, 320, 320],
  shower_screen_semicircular: [280, 150, 320, 320],
  bath_screen: [120, 90, 340, 340],
  toilet_floor: [160, 300, 380, 380],
  toilet_wall: [160, 180, 480, 480],
  toilet_compact: [160, 230, 420, 420],
  toilet_seat: [250, 140, 300, 300],
  bathtub_freestanding: [440, 200, 330, 330],
  bathtub_builtin: [450, 260, 300, 300],
  bathtub_whirlpool: [420, 330, 330, 330],
  vanity: [250, 200, 320, 320],
  cabinet_column: [280, 160, 300, 300],
  washbasin_countertop: [330, 280, 340, 340],
  washbasin_wall: [160, 250, 340, 340],
  tap_basin: [260, 180, 360, 360],
  shower_column: [390, 40, 320, 320],
  tap_bath: [220, 200, 400, 400],
  mirror: [140, 100, 340, 340],
  towel_rail: [200, 120, 360, 360],
  dispenser: [280, 180, 300, 300],
  drain_valve: [220, 220, 360, 360],
  grate: [100, 250, 300, 300],
  legs: [200, 170, 200, 200],
};

/** Height of the drawing's footprint in the scene, used to sit products on the floor or hang them on the wall. */
const WALL_HUNG: ProductKind[] = ["mirror", "towel_rail", "shower_column", "dispenser"];

function svgDoc(w: number, h: number, body: string, viewBox = `0 0 ${w} ${h}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}">${body}</svg>`;
}

function studioBackground(w: number, h: number, tint = "#f3f1ec"): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(tint, 0.45)}"/><stop offset="0.72" stop-color="${tint}"/><stop offset="1" stop-color="${shade(tint, -0.06)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
}

/** A small bathroom: tiled wall, wooden floor, window light and a plant; the product stands in it. */
function scene(art: ProductArt, seed: number): string {
  const r = rand(seed);
  const walls = ["#e9e4dc", "#dfe7e6", "#ece6df", "#e4e2ea", "#e6ebe4"];
  const wall = walls[Math.floor(r() * walls.length)];
  const floor = r() > 0.5 ? "#b89a76" : "#a7a39d";
  let tiles = "";
  for (let y = 0; y < 560; y += 70)
    for (let x = (y / 70) % 2 ? -60 : 0; x < 1200; x += 120)
      tiles += `<rect x="${x + 2}" y="${y + 2}" width="116" height="66" rx="3" fill="${shade(wall, r() * 0.08)}"/>`;
  let boards = "";
  for (let x = -200; x < 1400; x += 90) boards += `<line x1="${x}" y1="800" x2="${x * 0.6 + 240}" y2="560" stroke="${shade(floor, -0.15)}" stroke-width="2"/>`;
  const hung = WALL_HUNG.includes(art.kind);
  const s = hung ? 0.62 : 0.78;
  const tx = 600 - 400 * s;
  const ty = hung ? 70 : 690 - 660 * s;
  return `<rect width="1200" height="800" fill="${shade(wall, -0.1)}"/>${tiles}
<rect x="0" y="560" width="1200" height="240" fill="${floor}"/>${boards}<rect x="0" y="552" width="1200" height="12" fill="${shade(wall, -0.25)}"/>
<rect x="70" y="90" width="200" height="260" rx="6" fill="#f8fbfd" stroke="#ffffff" stroke-width="10"/><line x1="170" y1="90" x2="170" y2="350" stroke="#ffffff" stroke-width="8"/><rect x="70" y="90" width="200" height="260" fill="#cfe6f2" opacity="0.55"/>
<polygon points="70,350 270,350 420,800 -40,800" fill="#fffbe8" opacity="0.25"/>
<rect x="980" y="470" width="90" height="90" rx="10" fill="#d9d3c7"/><path d="M1025,470 C990,420 960,380 985,330 M1025,470 C1030,400 1050,360 1040,300 M1025,470 C1060,420 1090,400 1095,350" fill="none" stroke="#5f7d52" stroke-width="9" stroke-linecap="round"/>
<ellipse cx="985" cy="330" rx="22" ry="12" fill="#6f8f60"/><ellipse cx="1040" cy="300" rx="22" ry="12" fill="#6f8f60"/><ellipse cx="1095" cy="350" rx="22" ry="12" fill="#6f8f60"/>
<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${s})">${productShape(art, "e")}</g>`;
}

/** Technical line drawing: every shape outlined, plus measure lines with the nominal sizes. */
function sketch(art: ProductArt): string {
  const d = art.dims ?? { w: 80 };
  const ink = "#1e3a52";
  const style = `<style>.sk *{fill:#ffffff !important;stroke:${ink} !important;stroke-width:2.5px !important;opacity:1 !important;}.sk .gl{display:none !important;}</style>`;
  let grid = "";
  for (let i = 0; i <= 800; i += 40)
    grid += `<line x1="${i}" y1="0" x2="${i}" y2="800" stroke="#e3ecf3" stroke-width="1"/><line x1="0" y1="${i}" x2="800" y2="${i}" stroke="#e3ecf3" stroke-width="1"/>`;
  const arrow = (x1: number, y1: number, x2: number, y2: number, label: string, vertical = false) => {
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const text = vertical
      ? `<text x="${mx - 14}" y="${my}" font-family="${FONT}" font-size="26" fill="${ink}" text-anchor="middle" transform="rotate(-90 ${mx - 14} ${my})">${escapeXml(label)}</text>`
      : `<text x="${mx}" y="${my - 12}" font-family="${FONT}" font-size="26" fill="${ink}" text-anchor="middle">${escapeXml(label)}</text>`;
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${ink}" stroke-width="2" marker-start="url(#ar)" marker-end="url(#ar)"/>${text}`;
  };
  const marker = `<defs><marker id="ar" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${ink}"/></marker></defs>`;
  const measures = [arrow(110, 730, 690, 730, `${d.w} cm`)];
  if (d.h) measures.push(arrow(60, 640, 60, 120, `${d.h} cm`, true));
  if (d.d) measures.push(arrow(740, 640, 740, 360, `${d.d} cm`, true));
  const shapeArt = { ...art, texture: "smooth" as const };
  return `${marker}<rect width="800" height="800" fill="#fbfdff"/>${grid}${style}<g class="sk">${productShape(shapeArt, "s").replace(/<ellipse[^>]*url\(#s(sh)\)[^>]*\/>/g, "")}</g>${measures.join("")}
<line x1="110" y1="700" x2="110" y2="745" stroke="${ink}" stroke-width="1.5"/><line x1="690" y1="700" x2="690" y2="745" stroke="${ink}" stroke-width="1.5"/>`;
}

/**
 * One product image. main: the product on a light studio background; detail: a close-up;
 * environment: the product in a small bathroom; sketch: a line drawing with its measures;
 * 3d: a darker "render" with a floor reflection; option: the product in one option's colour
 * with that colour's swatch.
 */
export function productSvg(art: ProductArt, view: ProductView, seed = 1): string {
  const { width, height } = VIEW_SIZES[view];
  switch (view) {
    case "main":
      return svgDoc(width, height, studioBackground(width, height) + productShape(art));
    case "detail": {
      const [x, y, w, h] = DETAIL_BOX[art.kind];
      return svgDoc(width, height, `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f1eee8"/>${productShape(art)}`, `${x} ${y} ${w} ${h}`);
    }
    case "environment":
      return svgDoc(width, height, scene(art, seed));
    case "sketch":
      return svgDoc(width, height, sketch(art));
    case "3d":
      return svgDoc(
        width,
        height,
        `<defs><radialGradient id="bg3" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#f7f8fa"/><stop offset="1" stop-color="#b9c2c9"/></radialGradient><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.4" stop-color="#fff" stop-opacity="0"/></linearGradient><mask id="fm"><rect x="0" y="0" width="800" height="800" fill="url(#fade)"/></mask></defs>
<rect width="800" height="800" fill="url(#bg3)"/><g transform="translate(40 10) scale(0.9) skewX(-4)">${productShape(art, "t")}</g>
<g transform="translate(40 1250) scale(0.9 -0.9) skewX(-4)" opacity="0.18">${productShape(art, "r")}</g>`,
      );
    case "option":
      return svgDoc(
        width,
        height,
        `${studioBackground(width, height)}${productShape(art)}<circle cx="700" cy="100" r="58" fill="${art.kind.startsWith("shower_screen") || art.kind.startsWith("tap") || art.kind === "shower_column" || art.kind === "bath_screen" || art.kind === "grate" || art.kind === "drain_valve" || art.kind === "legs" || art.kind === "towel_rail" ? art.accent : art.color}" stroke="#ffffff" stroke-width="10"/><circle cx="700" cy="100" r="64" fill="none" stroke="#c9ced3" stroke-width="2"/>`,
      );
  }
}

// ---------------------------------------------------------------- categories, banners, brands

/** Category illustration names (categories.illustration) mapped to what the tile shows. */
export const CATEGORY_ART: Record<string, ProductArt> = {
  shower_tray: { kind: "shower_tray", color: "#ecebe7", accent: "#c9ced3", texture: "slate" },
  shower_screen: { kind: "shower_screen_frontal", color: "#ffffff", accent: "#2a2a2c" },
  toilet: { kind: "toilet_floor", color: "#f7f7f5", accent: "#c9ced3" },
  bathtub: { kind: "bathtub_freestanding", color: "#f7f7f5", accent: "#c9ced3" },
  furniture: { kind: "vanity", color: "#b58a5a", accent: "#2a2a2c", style: "modern" },
  washbasin: { kind: "washbasin_countertop", color: "#f7f7f5", accent: "#c9ced3" },
  tap: { kind: "tap_basin", color: "#ffffff", accent: "#c9ced3" },
  mirror: { kind: "mirror", color: "#ffffff", accent: "#2a2a2c", led: true, shape: "round" },
  accessory: { kind: "towel_rail", color: "#ffffff", accent: "#c9ced3" },
  offers: { kind: "bathtub_builtin", color: "#f7f7f5", accent: "#c8a45a" },
};

/** Category tile: the family's product on a soft tinted background (600 x 600). */
export function categorySvg(art: ProductArt, tint: string): string {
  return svgDoc(
    600,
    600,
    `<defs><radialGradient id="cg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="${shade(tint, 0.7)}"/><stop offset="1" stop-color="${shade(tint, 0.35)}"/></radialGradient></defs><rect width="800" height="800" fill="url(#cg)"/><circle cx="400" cy="420" r="300" fill="#ffffff" opacity="0.55"/>${productShape(art)}`,
    "0 0 800 800",
  );
}

/** Wide banner (1600 x 600): a bathroom corner with up to three products, light or dark theme. */
export function bannerSvg(arts: ProductArt[], theme: "light" | "dark", tint: string, seed: number): string {
  const r = rand(seed);
  const bg = theme === "dark" ? [shade(tint, -0.55), shade(tint, -0.35)] : [shade(tint, 0.75), shade(tint, 0.5)];
  let deco = "";
  for (let i = 0; i < 6; i++) {
    deco += `<circle cx="${(200 + r() * 1300).toFixed(0)}" cy="${(r() * 600).toFixed(0)}" r="${(60 + r() * 180).toFixed(0)}" fill="${theme === "dark" ? "#ffffff" : shade(tint, 0.2)}" opacity="${theme === "dark" ? 0.05 : 0.25}"/>`;
  }
  let tiles = "";
  for (let y = 0; y < 470; y += 60)
    for (let x = 820; x < 1600; x += 60)
      tiles += `<rect x="${x + 2}" y="${y + 2}" width="56" height="56" rx="3" fill="${theme === "dark" ? shade(tint, -0.45) : "#ffffff"}" opacity="${theme === "dark" ? 0.6 : 0.55}"/>`;
  const placed = arts
    .slice(0, 3)
    .map((a, i) => {
      const s = i === 0 ? 0.62 : 0.44;
      const x = i === 0 ? 1000 : i === 1 ? 800 : 1240;
      const y = i === 0 ? 95 : 235;
      return `<g transform="translate(${x} ${y}) scale(${s})">${productShape(a, `k${i}`)}</g>`;
    })
    .join("");
  return svgDoc(
    1600,
    600,
    `<defs><linearGradient id="bb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs><rect width="1600" height="600" fill="url(#bb)"/>${deco}${tiles}<rect x="800" y="470" width="800" height="130" fill="${theme === "dark" ? shade(tint, -0.6) : shade(tint, 0.15)}" opacity="0.7"/>${placed}`,
  );
}

/** A drawn wordmark: emblem in the brand colour and the name (600 x 240). */
export function brandLogoSvg(name: string, color: string): string {
  const h = hashString(name);
  const emblems = [
    `<circle cx="90" cy="120" r="56" fill="${color}"/><path d="M56,130 Q90,90 124,130" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round"/>`,
    `<rect x="38" y="68" width="104" height="104" rx="22" fill="${color}"/><path d="M62,140 L90,90 L118,140 Z" fill="#fff"/>`,
    `<path d="M90,58 C130,100 142,130 142,150 A52,52 0 0 1 38,150 C38,130 50,100 90,58 Z" fill="${color}"/><circle cx="74" cy="146" r="10" fill="#fff" opacity="0.7"/>`,
    `<polygon points="90,60 146,92 146,152 90,184 34,152 34,92" fill="${color}"/><circle cx="90" cy="122" r="22" fill="none" stroke="#fff" stroke-width="8"/>`,
  ];
  const size = name.length > 14 ? 40 : name.length > 10 ? 48 : 56;
  const light = luminance(color) > 0.75;
  return svgDoc(
    600,
    240,
    `<rect width="600" height="240" fill="#ffffff"/>${emblems[h % emblems.length]}<text x="170" y="${120 + size * 0.35}" font-family="${FONT}" font-weight="bold" font-size="${size}" letter-spacing="1" fill="${light ? shade(color, -0.5) : shade(color, -0.2)}">${escapeXml(name)}</text>`,
  );
}

/** Icon of a complement type (valve, grate, seat...): the complement drawn small on a circle. */
export function complementTypeSvg(kind: ProductKind | "installation"): string {
  if (kind === "installation") {
    return svgDoc(
      400,
      400,
      `<circle cx="200" cy="200" r="190" fill="#e8f1f6"/><path d="M120,290 L230,180" stroke="#0f3d57" stroke-width="26" stroke-linecap="round"/><path d="M230,180 a55,55 0 1 1 45,-95 l-38,38 12,38 38,12 38,-38 a55,55 0 0 1 -95,45 z" fill="#0f3d57"/>`,
    );
  }
  return svgDoc(400, 400, `<circle cx="400" cy="400" r="380" fill="#e8f1f6"/>${productShape({ kind, color: "#f7f7f5", accent: "#b9bfc5" })}`, "0 0 800 800");
}
