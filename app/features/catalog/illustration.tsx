/**
 * Drawn illustrations for category tiles, banners and heroes. The catalog names one per
 * category/banner ("shower_tray", "toilet", "bathroom"...); unknown names fall back to a
 * bathroom scene. Pure SVG: no request, no layout shift, crisp at every size.
 */
type Kind = "tray" | "screen" | "toilet" | "tub" | "cabinet" | "basin" | "tap" | "mirror" | "column" | "scene";

const MATCH: [RegExp, Kind][] = [
  [/tray|plato/, "tray"],
  [/screen|mampara/, "screen"],
  [/toilet|inodoro|wc/, "toilet"],
  [/tub|banera|bañera/, "tub"],
  [/furniture|cabinet|mueble/, "cabinet"],
  [/sink|basin|lavabo/, "basin"],
  [/tap|grifo|faucet/, "tap"],
  [/mirror|espejo/, "mirror"],
  [/column|columna|shower/, "column"],
];

export function illustrationKind(name: string): Kind {
  const n = name.toLowerCase();
  return MATCH.find(([re]) => re.test(n))?.[1] ?? "scene";
}

const W = "#ffffff";
const LINE = "#0c3a4c";

function Shape({ kind, tone }: { kind: Kind; tone: string }) {
  switch (kind) {
    case "tray":
      return (
        <g>
          <path d="M20 80 60 62h80l40 18-40 18H60z" fill={W} stroke={LINE} strokeWidth="2" />
          <path d="M34 80 64 67h72l30 13-30 13H64z" fill={tone} opacity=".35" />
          <ellipse cx="100" cy="80" rx="9" ry="4" fill={LINE} opacity=".5" />
        </g>
      );
    case "screen":
      return (
        <g>
          <rect x="52" y="18" width="52" height="88" rx="3" fill={tone} opacity=".35" stroke={LINE} strokeWidth="2" />
          <rect x="104" y="18" width="46" height="88" rx="3" fill={tone} opacity=".2" stroke={LINE} strokeWidth="2" />
          <path d="M62 30l20 20M70 30l14 14" stroke={W} strokeWidth="3" strokeLinecap="round" />
          <path d="M44 106h114" stroke={LINE} strokeWidth="3" strokeLinecap="round" />
        </g>
      );
    case "toilet":
      return (
        <g>
          <rect x="74" y="16" width="52" height="34" rx="6" fill={W} stroke={LINE} strokeWidth="2" />
          <path d="M64 56h72c0 22-14 34-36 34S64 78 64 56z" fill={W} stroke={LINE} strokeWidth="2" />
          <path d="M84 88h32l-4 18H88z" fill={W} stroke={LINE} strokeWidth="2" />
          <rect x="62" y="50" width="76" height="8" rx="4" fill={tone} />
        </g>
      );
    case "tub":
      return (
        <g>
          <path d="M26 58h148v10c0 22-18 34-40 34H66c-22 0-40-12-40-34z" fill={W} stroke={LINE} strokeWidth="2" />
          <path d="M36 66h128c-2 16-14 26-32 26H68c-18 0-30-10-32-26z" fill={tone} opacity=".35" />
          <path d="M48 100l-6 10M152 100l6 10" stroke={LINE} strokeWidth="3" strokeLinecap="round" />
          <path d="M44 58V30a10 10 0 0 1 20 0" fill="none" stroke={LINE} strokeWidth="3" />
        </g>
      );
    case "cabinet":
      return (
        <g>
          <rect x="46" y="44" width="108" height="58" rx="4" fill={tone} stroke={LINE} strokeWidth="2" />
          <path d="M100 50v46" stroke={LINE} strokeWidth="2" />
          <path d="M90 70v8M110 70v8" stroke={W} strokeWidth="3" strokeLinecap="round" />
          <rect x="40" y="36" width="120" height="10" rx="3" fill={W} stroke={LINE} strokeWidth="2" />
          <path d="M100 36V22h12" fill="none" stroke={LINE} strokeWidth="3" strokeLinecap="round" />
          <rect x="62" y="8" width="76" height="10" rx="2" fill={tone} opacity=".3" />
        </g>
      );
    case "basin":
      return (
        <g>
          <path d="M50 56h100c0 22-22 34-50 34S50 78 50 56z" fill={W} stroke={LINE} strokeWidth="2" />
          <rect x="40" y="90" width="120" height="12" rx="3" fill={tone} />
          <path d="M100 56V34h14v6" fill="none" stroke={LINE} strokeWidth="4" strokeLinecap="round" />
        </g>
      );
    case "tap":
      return (
        <g>
          <path d="M70 100V60a20 20 0 0 1 20-20h40v12" fill="none" stroke={LINE} strokeWidth="8" strokeLinecap="round" />
          <rect x="58" y="96" width="26" height="10" rx="3" fill={LINE} />
          <path d="M76 52h-22" stroke={tone} strokeWidth="8" strokeLinecap="round" />
          <path d="M130 62c-4 8-6 12-6 16a6 6 0 0 0 12 0c0-4-2-8-6-16z" fill={tone} opacity=".7" />
        </g>
      );
    case "mirror":
      return (
        <g>
          <rect x="62" y="12" width="76" height="94" rx="38" fill={tone} opacity=".3" stroke={LINE} strokeWidth="3" />
          <path d="M80 40l20-16M82 58l34-28" stroke={W} strokeWidth="4" strokeLinecap="round" />
        </g>
      );
    case "column":
      return (
        <g>
          <path d="M90 108V26a10 10 0 0 1 10-10h26" fill="none" stroke={LINE} strokeWidth="5" strokeLinecap="round" />
          <rect x="112" y="14" width="40" height="8" rx="4" fill={LINE} />
          <path d="M118 30v8M126 30v12M134 30v8M142 30v12M122 48v8M138 48v8" stroke={tone} strokeWidth="3" strokeLinecap="round" />
          <rect x="84" y="70" width="12" height="18" rx="3" fill={tone} />
        </g>
      );
    default:
      return (
        <g>
          <rect x="18" y="20" width="60" height="70" rx="4" fill={tone} opacity=".25" stroke={LINE} strokeWidth="2" />
          <path d="M26 80h44" stroke={LINE} strokeWidth="2" />
          <path d="M96 62h90v8c0 18-14 28-32 28h-26c-18 0-32-10-32-28z" fill={W} stroke={LINE} strokeWidth="2" />
          <path d="M104 62V40a8 8 0 0 1 16 0" fill="none" stroke={LINE} strokeWidth="3" />
          <circle cx="48" cy="44" r="10" fill={W} opacity=".8" />
          <path d="M150 30c6 0 10 6 8 14-6-2-10-8-8-14zM150 30c-6 2-8 10-4 16 4-4 6-10 4-16z" fill="#1d7a46" opacity=".8" />
        </g>
      );
  }
}

/** An illustration in a 200x120 box; `tone` tints the piece (a brand or campaign colour). */
export function Illustration({ name, tone = "#a9d1e0", className, title }: { name: string; tone?: string; className?: string; title?: string }) {
  return (
    <svg viewBox="0 0 200 120" className={className} role={title ? "img" : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
      <Shape kind={illustrationKind(name)} tone={tone} />
    </svg>
  );
}
