/** Default palettes of the four environments: wall, floor, furniture, accent. */
const PALETTES: Record<string, string[]> = {
  "bano-pequeno": ["#eef6f9", "#d5e9f0", "#ffffff", "#1f6f8b"],
  industrial: ["#5b6166", "#2f3336", "#8a5a3c", "#c9c9c9"],
  japandi: ["#efe7da", "#cdb89b", "#9c7a56", "#3d3a35"],
  nordico: ["#f7f7f5", "#e3ddd2", "#d7b98c", "#5f8b6a"],
};

/**
 * A drawn bathroom scene in the environment's colours (wall, floor, furniture, accent): the
 * demo shop has no photography, and an SVG costs no request and no layout shift.
 */
export function EnvironmentArt({ slug, palette, className }: { slug: string; palette: string[]; className?: string }) {
  const [wall, floor, wood, accent] = palette.length >= 4 ? palette : (PALETTES[slug] ?? PALETTES.nordico);
  const industrial = slug === "industrial";
  return (
    <svg viewBox="0 0 320 200" preserveAspectRatio="xMidYMid slice" className={className} aria-hidden="true">
      <rect width="320" height="200" fill={wall} />
      {industrial &&
        Array.from({ length: 8 }, (_, r) => (
          <path key={r} d={`M0 ${r * 18 + 10}h320`} stroke="#000" strokeOpacity=".12" strokeWidth="1" />
        ))}
      <rect y="150" width="320" height="50" fill={floor} />
      <path d="M0 150h320" stroke="#000" strokeOpacity=".15" />
      {/* mirror */}
      <rect x="48" y="30" width="64" height="70" rx={slug === "japandi" ? 32 : 6} fill="#fff" stroke={accent} strokeWidth="3" />
      <path d="M60 46l18-12M62 62l30-22" stroke={accent} strokeOpacity=".3" strokeWidth="3" strokeLinecap="round" />
      {/* vanity and basin */}
      <rect x="36" y="112" width="88" height="40" rx="3" fill={wood} />
      <path d="M80 118v28" stroke="#000" strokeOpacity=".2" />
      <rect x="32" y="106" width="96" height="8" rx="3" fill="#fff" stroke="#000" strokeOpacity=".15" />
      <path d="M80 106V96h8" fill="none" stroke={accent} strokeWidth="3" strokeLinecap="round" />
      {/* shower screen and tray */}
      <rect x="196" y="30" width="4" height="120" fill={accent} opacity=".7" />
      <rect x="200" y="30" width="90" height="120" fill="#bfe3f0" opacity=".35" />
      <path d="M246 30v22m-10 0h20" stroke={accent} strokeWidth="3" strokeLinecap="round" />
      <path d="M240 62v6m6-6v8m6-8v6" stroke="#7fb8cc" strokeWidth="2" strokeLinecap="round" />
      <rect x="196" y="148" width="104" height="8" rx="2" fill="#fff" stroke="#000" strokeOpacity=".15" />
      {/* plant and towel */}
      <rect x="150" y="128" width="20" height="22" rx="3" fill={wood} />
      <path d="M160 128c-10-14-6-26 0-32 6 6 10 18 0 32zM160 128c-16-6-20-16-18-22 8 0 16 8 18 22zM160 128c16-6 20-16 18-22-8 0-16 8-18 22z" fill="#5f8b6a" />
      <rect x="140" y="60" width="30" height="4" rx="2" fill={accent} />
      <rect x="144" y="64" width="22" height="30" rx="2" fill={wood} opacity=".55" />
    </svg>
  );
}
