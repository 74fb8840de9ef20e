import { useId } from "react";

/**
 * Diagrams and header illustrations drawn in code (no image files): measuring diagrams of
 * the guides and one scene per blog post. Unknown names fall back to a generic bathroom.
 */
const C = {
  ink: "#0a2e3c",
  brand: "#1f6f8b",
  light: "#a9d1e0",
  pale: "#d5e9f0",
  sky: "#eef6f9",
  accent: "#d9531e",
  sand: "#f3efe7",
  sand2: "#e7e0d3",
  white: "#ffffff",
  glass: "#cfe8f1",
};

/** `label`: what the drawing shows, for screen readers; empty for a decorative drawing. */
type Props = { name: string; label: string; className?: string };

export function Illustration({ name, label, className }: Props) {
  const uid = useId().replace(/:/g, "");
  const Draw = DRAWINGS[name] ?? DRAWINGS.bathroom;
  const box = VIEWBOX[name] ?? "0 0 640 360";
  return (
    <svg
      viewBox={box}
      // With no label the drawing is decoration (a post card's scene, beside the post's own title).
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      className={className ?? "h-auto w-full"}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <marker id={`a-${uid}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" fill={C.accent} />
        </marker>
        <pattern id={`h-${uid}`} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill={C.sand2} />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#b9ad97" strokeWidth="2" />
        </pattern>
      </defs>
      <Draw arrow={`url(#a-${uid})`} hatch={`url(#h-${uid})`} />
    </svg>
  );
}

type DrawProps = { arrow: string; hatch: string };

const VIEWBOX: Record<string, string> = {
  "measure-overview": "0 0 640 400",
  "measure-frontal": "0 0 640 420",
  "measure-angular": "0 0 640 420",
  "measure-semicircular": "0 0 640 420",
  "tray-sizes": "0 0 640 300",
  "installation-steps": "0 0 640 200",
};

/** A dimension line with arrow heads and a label in a white pill. */
function Dim({
  x1,
  y1,
  x2,
  y2,
  label,
  arrow,
  dx = 0,
  dy = -14,
}: {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  label: string;
  arrow: string;
  dx?: number;
  dy?: number;
}) {
  const mx = (x1 + x2) / 2 + dx;
  const my = (y1 + y2) / 2 + dy;
  const w = label.length * 11 + 16;
  return (
    <g>
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={C.accent} strokeWidth="3" markerStart={arrow} markerEnd={arrow} />
      <rect x={mx - w / 2} y={my - 13} width={w} height="26" rx="13" fill={C.white} stroke={C.accent} strokeWidth="2" />
      <text x={mx} y={my + 6} textAnchor="middle" fontSize="17" fontWeight="700" fill={C.ink} fontFamily="system-ui, sans-serif">
        {label}
      </text>
    </g>
  );
}

function Txt({
  x,
  y,
  children,
  size = 15,
  color = C.ink,
  anchor = "middle",
}: {
  x: number;
  y: number;
  children: string;
  size?: number;
  color?: string;
  anchor?: "start" | "middle" | "end";
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize={size} fill={color} fontFamily="system-ui, sans-serif">
      {children}
    </text>
  );
}

const DRAWINGS: Record<string, (p: DrawProps) => React.ReactElement> = {
  /** Top view of a shower between two walls, width measured across the tray. */
  "measure-overview": ({ arrow, hatch }) => (
    <g>
      <rect width="640" height="400" fill={C.sky} />
      <rect x="100" y="60" width="440" height="26" fill={hatch} />
      <rect x="100" y="60" width="26" height="300" fill={hatch} />
      <rect x="514" y="60" width="26" height="300" fill={hatch} />
      <rect x="126" y="86" width="388" height="220" rx="6" fill={C.white} stroke={C.brand} strokeWidth="3" />
      <circle cx="320" cy="196" r="16" fill={C.pale} stroke={C.brand} strokeWidth="3" />
      <line x1="126" y1="300" x2="514" y2="300" stroke={C.brand} strokeWidth="6" strokeDasharray="14 8" />
      <Dim x1={130} y1={250} x2={510} y2={250} label="A" arrow={arrow} />
    </g>
  ),
  /** Front elevation of a screen between two walls: widths at three heights and the height. */
  "measure-frontal": ({ arrow, hatch }) => (
    <g>
      <rect width="640" height="420" fill={C.sky} />
      <rect x="90" y="30" width="34" height="360" fill={hatch} />
      <rect x="516" y="30" width="34" height="360" fill={hatch} />
      <rect x="124" y="362" width="392" height="28" fill={C.white} stroke={C.brand} strokeWidth="3" />
      <rect x="140" y="60" width="180" height="300" fill={C.glass} opacity="0.8" stroke={C.brand} strokeWidth="2" />
      <rect x="320" y="60" width="180" height="300" fill={C.glass} opacity="0.55" stroke={C.brand} strokeWidth="2" />
      <line x1="124" y1="58" x2="516" y2="58" stroke={C.ink} strokeWidth="4" />
      <Dim x1={128} y1={340} x2={512} y2={340} label="A1" arrow={arrow} />
      <Dim x1={128} y1={210} x2={512} y2={210} label="A2" arrow={arrow} />
      <Dim x1={128} y1={84} x2={512} y2={84} label="A3" arrow={arrow} />
      <Dim x1={585} y1={60} x2={585} y2={360} label="H" arrow={arrow} dy={0} />
      <line x1="560" y1="60" x2="600" y2="60" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
      <line x1="560" y1="360" x2="600" y2="360" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
    </g>
  ),
  /** Top view of a corner shower: sides A and B, and the 60-80-100 square check. */
  "measure-angular": ({ arrow, hatch }) => (
    <g>
      <rect width="640" height="420" fill={C.sky} />
      <rect x="120" y="40" width="420" height="30" fill={hatch} />
      <rect x="120" y="40" width="30" height="340" fill={hatch} />
      <rect x="150" y="70" width="360" height="240" rx="4" fill={C.white} stroke={C.brand} strokeWidth="3" />
      <circle cx="330" cy="190" r="14" fill={C.pale} stroke={C.brand} strokeWidth="3" />
      <line x1="150" y1="310" x2="510" y2="310" stroke={C.brand} strokeWidth="7" />
      <line x1="510" y1="70" x2="510" y2="310" stroke={C.brand} strokeWidth="7" />
      <Dim x1={154} y1={350} x2={506} y2={350} label="A" arrow={arrow} dy={0} />
      <Dim x1={560} y1={74} x2={560} y2={306} label="B" arrow={arrow} dy={0} />
      <line x1="150" y1="310" x2="150" y2="350" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
      <line x1="510" y1="310" x2="510" y2="350" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
      <line x1="510" y1="70" x2="560" y2="70" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
      <line x1="510" y1="310" x2="560" y2="310" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
      <path d="M150 190 L150 70 L310 70 Z" fill="none" stroke={C.ink} strokeWidth="2" strokeDasharray="6 5" />
      <Txt x={136} y={136} anchor="end" size={14}>
        60
      </Txt>
      <Txt x={230} y={92} size={14}>
        80
      </Txt>
      <Txt x={248} y={150} size={14}>
        100
      </Txt>
      <path d="M150 92 L172 92 L172 70" fill="none" stroke={C.ink} strokeWidth="2" />
    </g>
  ),
  /** Top view of a quadrant shower: sides A and B from the corner, radius R. */
  "measure-semicircular": ({ arrow, hatch }) => (
    <g>
      <rect width="640" height="420" fill={C.sky} />
      <rect x="140" y="40" width="380" height="30" fill={hatch} />
      <rect x="140" y="40" width="30" height="350" fill={hatch} />
      <path d="M170 70 L450 70 L450 130 A190 190 0 0 1 230 340 L170 340 Z" fill={C.white} stroke={C.brand} strokeWidth="3" />
      <path d="M450 130 A190 190 0 0 1 230 340" fill="none" stroke={C.brand} strokeWidth="7" />
      <circle cx="290" cy="190" r="14" fill={C.pale} stroke={C.brand} strokeWidth="3" />
      <Dim x1={174} y1={30} x2={446} y2={30} label="A" arrow={arrow} dy={0} />
      <Dim x1={110} y1={74} x2={110} y2={336} label="B" arrow={arrow} dy={0} />
      <line x1="450" y1="20" x2="450" y2="70" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
      <line x1="100" y1="340" x2="170" y2="340" stroke={C.accent} strokeWidth="1.5" strokeDasharray="4 3" />
      <Dim x1={174} y1={74} x2={368} y2={268} label="R" arrow={arrow} dx={22} dy={-10} />
    </g>
  ),
  /** Common tray sizes drawn to scale. */
  "tray-sizes": () => {
    const sizes: [number, number][] = [
      [80, 80],
      [90, 90],
      [120, 80],
      [140, 80],
      [160, 70],
    ];
    let x = 24;
    return (
      <g>
        <rect width="640" height="300" fill={C.sky} />
        {sizes.map(([w, d]) => {
          const sw = w * 0.72;
          const sd = d * 0.72;
          const gx = x;
          x += sw + 16;
          return (
            <g key={`${w}x${d}`}>
              <rect x={gx} y={240 - sd * 2} width={sw} height={sd * 2} rx="4" fill={C.white} stroke={C.brand} strokeWidth="3" />
              <circle cx={gx + sw / 2} cy={240 - sd} r="6" fill={C.pale} stroke={C.brand} strokeWidth="2" />
              <Txt x={gx + sw / 2} y={268} size={15}>{`${w}×${d}`}</Txt>
            </g>
          );
        })}
        <Txt x={320} y={292} size={13} color={C.brand}>
          cm
        </Txt>
      </g>
    );
  },
  /** A whirlpool bath in section: water jets on the sides, air bubbles from the floor. */
  whirlpool: () => (
    <g>
      <rect width="640" height="360" fill={C.sky} />
      <rect x="0" y="300" width="640" height="60" fill={C.sand2} />
      <path d="M90 150 L550 150 L520 300 L120 300 Z" fill={C.white} stroke={C.brand} strokeWidth="4" />
      <path d="M108 180 L532 180 L514 290 L126 290 Z" fill={C.glass} />
      {[140, 170, 200].map((y, i) => (
        <g key={y}>
          <circle cx={116 + i * 3} cy={y + 30} r="7" fill={C.brand} />
          <path d={`M125 ${y + 30} q30 -8 60 0 t60 0`} stroke={C.white} strokeWidth="3" fill="none" />
          <circle cx={524 - i * 3} cy={y + 30} r="7" fill={C.brand} />
          <path d={`M515 ${y + 30} q-30 -8 -60 0 t-60 0`} stroke={C.white} strokeWidth="3" fill="none" />
        </g>
      ))}
      {[220, 270, 320, 370, 420].map((x, i) => (
        <g key={x}>
          <circle cx={x} cy={280 - (i % 2) * 40} r="6" fill={C.white} stroke={C.brand} />
          <circle cx={x + 12} cy={250 - (i % 3) * 20} r="4" fill={C.white} stroke={C.brand} />
          <rect x={x - 8} y="286" width="16" height="5" rx="2" fill={C.ink} />
        </g>
      ))}
      <rect x="470" y="306" width="60" height="34" rx="4" fill={C.ink} />
      <circle cx="500" cy="323" r="10" fill={C.accent} />
    </g>
  ),
  /** Four steps from order to installation. */
  "installation-steps": () => {
    const items = [
      { x: 80, icon: "M-18 -12 h36 v24 h-36 z M-18 -4 h36", n: "1" },
      { x: 240, icon: "M-10 -18 h20 a4 4 0 0 1 4 4 v28 a4 4 0 0 1 -4 4 h-20 a4 4 0 0 1 -4 -4 v-28 a4 4 0 0 1 4 -4 z M-4 12 h8", n: "2" },
      { x: 400, icon: "M-22 6 h44 v-10 h-44 z M-14 -4 v-6 M-6 -4 v-4 M2 -4 v-6 M10 -4 v-4", n: "3" },
      { x: 560, icon: "M-16 -16 l22 22 M6 6 l10 10 M-20 -8 l8 -8 l6 6 l-8 8 z", n: "4" },
    ];
    return (
      <g>
        <rect width="640" height="200" fill={C.sky} />
        <line x1="80" y1="90" x2="560" y2="90" stroke={C.light} strokeWidth="6" strokeDasharray="2 12" strokeLinecap="round" />
        {items.map((it) => (
          <g key={it.n} transform={`translate(${it.x} 90)`}>
            <circle r="46" fill={C.white} stroke={C.brand} strokeWidth="4" />
            <path d={it.icon} fill="none" stroke={C.ink} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
            <circle cx="34" cy="-34" r="15" fill={C.accent} />
            <text x="34" y="-28" textAnchor="middle" fontSize="16" fontWeight="700" fill={C.white} fontFamily="system-ui, sans-serif">
              {it.n}
            </text>
          </g>
        ))}
      </g>
    );
  },
};

/** Blog header scenes share a room (tiled wall, floor) and add one subject each. */
function Room({ children, wall = C.sky }: { children: React.ReactNode; wall?: string }) {
  return (
    <g>
      <rect width="640" height="360" fill={wall} />
      {Array.from({ length: 8 }, (_, i) => (
        <line key={`v${i}`} x1={i * 80 + 40} y1="0" x2={i * 80 + 40} y2="280" stroke={C.white} strokeWidth="2" opacity="0.7" />
      ))}
      {Array.from({ length: 4 }, (_, i) => (
        <line key={`h${i}`} x1="0" y1={i * 70 + 70} x2="640" y2={i * 70 + 70} stroke={C.white} strokeWidth="2" opacity="0.7" />
      ))}
      <rect x="0" y="280" width="640" height="80" fill={C.sand2} />
      <line x1="0" y1="280" x2="640" y2="280" stroke="#cbbfa8" strokeWidth="3" />
      {children}
    </g>
  );
}

const Shower = ({ x = 380 }: { x?: number }) => (
  <g>
    <rect x={x} y="262" width="200" height="22" rx="4" fill={C.white} stroke={C.brand} strokeWidth="3" />
    <rect x={x + 10} y="60" width="8" height="202" fill="#9fb3bd" />
    <rect x={x + 20} y="70" width="170" height="192" fill={C.glass} opacity="0.6" stroke={C.brand} strokeWidth="2" />
    <path d={`M${x + 150} 50 v40 h-20`} stroke={C.ink} strokeWidth="6" fill="none" strokeLinecap="round" />
    <rect x={x + 110} y="86" width="30" height="8" rx="4" fill={C.ink} />
    {[0, 1, 2, 3, 4].map((i) => (
      <line key={i} x1={x + 115 + i * 5} y1="100" x2={x + 110 + i * 6} y2="150" stroke={C.brand} strokeWidth="2" strokeDasharray="6 6" />
    ))}
  </g>
);

const Vanity = ({ x = 70 }: { x?: number }) => (
  <g>
    <rect x={x + 20} y="60" width="140" height="100" rx="8" fill={C.pale} stroke={C.brand} strokeWidth="3" />
    <rect x={x} y="180" width="180" height="60" rx="4" fill="#c9a27a" />
    <rect x={x + 10} y="170" width="160" height="14" rx="6" fill={C.white} stroke={C.brand} strokeWidth="2" />
    <path d={`M${x + 90} 170 v-18 h14`} stroke={C.ink} strokeWidth="5" fill="none" strokeLinecap="round" />
    <line x1={x + 70} y1="210" x2={x + 110} y2="210" stroke="#8a6a4a" strokeWidth="4" strokeLinecap="round" />
  </g>
);

const Toilet = ({ x = 270 }: { x?: number }) => (
  <g>
    <rect x={x} y="150" width="60" height="70" rx="6" fill={C.white} stroke={C.brand} strokeWidth="3" />
    <path d={`M${x - 10} 220 h90 a10 10 0 0 1 -10 20 h-60 l-5 40 h-10 l-5 -40 a10 10 0 0 1 0 -20 z`} fill={C.white} stroke={C.brand} strokeWidth="3" />
  </g>
);

const scene = (subject: React.ReactNode, wall?: string) => () => <Room wall={wall}>{subject}</Room>;

Object.assign(DRAWINGS, {
  bathroom: scene(
    <>
      <Vanity />
      <Toilet />
      <Shower />
    </>,
  ),
  "shower-swap": scene(
    <>
      <path d="M60 200 h230 l-12 70 h-206 z" fill={C.white} stroke={C.brand} strokeWidth="3" opacity="0.45" strokeDasharray="8 6" />
      <path d="M300 200 q20 -40 60 -10" stroke={C.accent} strokeWidth="5" fill="none" />
      <path d="M352 180 l12 12 l-16 6" stroke={C.accent} strokeWidth="5" fill="none" strokeLinejoin="round" />
      <Shower x={400} />
    </>,
  ),
  "small-bathroom": scene(
    <>
      <Vanity x={40} />
      <Toilet x={250} />
      <Shower x={380} />
      <rect x="40" y="40" width="180" height="4" fill={C.accent} />
    </>,
    "#f2f7f9",
  ),
  screen: scene(
    <>
      <Shower x={120} />
      <rect x="380" y="70" width="6" height="200" fill="#9fb3bd" />
      <path d="M386 74 q15 30 0 60 q-15 30 0 60 q15 30 0 70" fill="none" stroke={C.accent} strokeWidth="3" />
      <path d="M386 74 h110 v196 h-110" fill="#f6d8cc" opacity="0.6" />
    </>,
  ),
  cleaning: scene(
    <>
      <Shower x={300} />
      <rect x="190" y="140" width="90" height="14" rx="4" fill={C.ink} transform="rotate(-20 235 147)" />
      <rect x="228" y="150" width="12" height="60" rx="4" fill={C.accent} transform="rotate(-20 235 147)" />
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={360 + i * 40} cy={120 + i * 30} r="9" fill={C.white} stroke={C.brand} />
      ))}
    </>,
  ),
  ventilation: scene(
    <>
      <circle cx="320" cy="90" r="46" fill={C.white} stroke={C.brand} strokeWidth="4" />
      {[0, 60, 120, 180, 240, 300].map((a) => (
        <path key={a} d="M320 90 q14 -30 0 -38" stroke={C.brand} strokeWidth="6" fill="none" transform={`rotate(${a} 320 90)`} />
      ))}
      {[0, 1, 2].map((i) => (
        <path key={i} d={`M${250 + i * 70} 250 q-20 -30 0 -60 q20 -30 0 -60`} stroke={C.light} strokeWidth="5" fill="none" />
      ))}
      <Toilet x={90} />
    </>,
  ),
  lighting: scene(
    <>
      <Vanity x={230} />
      {[250, 320, 390].map((x) => (
        <g key={x}>
          <circle cx={x} cy="40" r="10" fill="#ffd479" />
          <path d={`M${x - 30} 160 L${x} 50 L${x + 30} 160 Z`} fill="#fff2c4" opacity="0.5" />
        </g>
      ))}
    </>,
    "#eaf2f4",
  ),
  accessibility: scene(
    <>
      <Shower x={330} />
      <path d="M300 150 h40 v70" stroke={C.ink} strokeWidth="8" fill="none" strokeLinecap="round" />
      <Toilet x={120} />
      <path d="M200 140 h50" stroke={C.ink} strokeWidth="8" strokeLinecap="round" />
    </>,
  ),
  budget: scene(
    <>
      <rect x="200" y="60" width="240" height="200" rx="10" fill={C.white} stroke={C.brand} strokeWidth="3" />
      {[100, 140, 180, 220].map((y, i) => (
        <g key={y}>
          <rect x="224" y={y - 10} width={120 - i * 15} height="12" rx="6" fill={C.light} />
          <rect x="370" y={y - 10} width="46" height="12" rx="6" fill={i === 3 ? C.accent : C.brand} />
        </g>
      ))}
    </>,
  ),
  tap: scene(
    <>
      <Shower x={200} />
      <rect x="440" y="150" width="120" height="40" rx="20" fill="#9fb3bd" stroke={C.ink} strokeWidth="3" />
      <circle cx="460" cy="170" r="16" fill={C.white} stroke={C.ink} strokeWidth="3" />
      <circle cx="540" cy="170" r="16" fill={C.accent} stroke={C.ink} strokeWidth="3" />
      <text x="540" y="176" textAnchor="middle" fontSize="14" fontWeight="700" fill={C.white} fontFamily="system-ui, sans-serif">
        38°
      </text>
    </>,
  ),
});
