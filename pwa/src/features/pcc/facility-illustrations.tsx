import type { ReactNode } from "react";

type SceneProps = { title: string; children: ReactNode };

/** A 320×200 flat illustration with its own background, readable in both themes. */
function Scene({ title, children }: SceneProps) {
  return (
    <svg
      viewBox="0 0 320 200"
      role="img"
      aria-label={title}
      style={{ display: "block", width: "100%", height: "auto" }}
    >
      {children}
    </svg>
  );
}

/** A sedan in side view; (x, y) is the left end of the body at wheel height. */
function Sedan({ x, y, color, scale = 1 }: { x: number; y: number; color: string; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path
        d="M0 0v-14c0-6 4-10 10-11l24-4 22-16c5-3 10-5 16-5h44c7 0 13 3 17 8l14 15 18 3c7 1 12 7 12 14V0z"
        fill={color}
      />
      <path d="M40 -29l16-12c3-2 6-3 10-3h18v15z" fill="#d6f1f7" />
      <path d="M90 -44h20c5 0 9 2 12 5l9 10H90z" fill="#d6f1f7" />
      <rect x="168" y="-18" width="7" height="5" rx="2" fill="#fde68a" />
      <circle cx="34" cy="0" r="12" fill="#1f2933" />
      <circle cx="34" cy="0" r="5" fill="#cbd5e1" />
      <circle cx="126" cy="0" r="12" fill="#1f2933" />
      <circle cx="126" cy="0" r="5" fill="#cbd5e1" />
    </g>
  );
}

export function ServiceBayIllustration() {
  return (
    <Scene title="Service bay with a car inside and a tool cabinet">
      <rect width="320" height="200" fill="#dbe9f0" />
      <rect y="150" width="320" height="50" fill="#9aabb9" />
      <path d="M0 150h320" stroke="#7b8d9c" strokeWidth="3" />
      {/* Roll-up door frame */}
      <rect x="14" y="30" width="196" height="120" fill="#eef5f8" stroke="#0b6a80" strokeWidth="6" />
      {[48, 62, 76].map((y) => (
        <path key={y} d={`M17 ${y}h190`} stroke="#b9cbd6" strokeWidth="6" />
      ))}
      <path
        d="M20 150l20-24M70 150l20-24M120 150l20-24M170 150l20-24"
        stroke="#fbbf24"
        strokeWidth="5"
        opacity="0.8"
      />
      <Sedan x={34} y={140} color="#0e7f99" scale={0.9} />
      {/* Tool cabinet */}
      <rect x="236" y="78" width="64" height="72" rx="4" fill="#d9480f" />
      {[92, 108, 124].map((y) => (
        <rect key={y} x="242" y={y} width="52" height="10" rx="2" fill="#f76707" />
      ))}
      <rect x="240" y="66" width="56" height="12" rx="3" fill="#495057" />
      <circle cx="250" cy="154" r="4" fill="#343a40" />
      <circle cx="286" cy="154" r="4" fill="#343a40" />
      {/* Lamp */}
      <path d="M268 0v22" stroke="#495057" strokeWidth="2" />
      <path d="M254 36l14-14 14 14z" fill="#495057" />
      <path d="M254 36l-12 30h52l-12-30z" fill="#fff3bf" opacity="0.6" />
      {/* Sign */}
      <rect x="60" y="8" width="104" height="18" rx="4" fill="#0b6a80" />
      <text
        x="112"
        y="21"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
      >
        SERVICE BAY 1
      </text>
    </Scene>
  );
}

export function TireRackIllustration() {
  const tire = (cx: number, cy: number, r = 17) => (
    <g key={`${cx}-${cy}`}>
      <circle cx={cx} cy={cy} r={r} fill="#212529" />
      <circle cx={cx} cy={cy} r={r - 6} fill="#343a40" />
      <circle cx={cx} cy={cy} r={r - 10} fill="#adb5bd" />
    </g>
  );
  return (
    <Scene title="Tire rack with new tires and a wheel balancer">
      <rect width="320" height="200" fill="#e7f5ff" />
      <rect y="160" width="320" height="40" fill="#a5b4c3" />
      {/* Rack */}
      <rect x="16" y="20" width="8" height="140" fill="#495057" />
      <rect x="196" y="20" width="8" height="140" fill="#495057" />
      {[58, 106, 154].map((y) => (
        <rect key={y} x="16" y={y} width="188" height="6" fill="#868e96" />
      ))}
      {[40, 76, 112, 148, 184].map((x) => tire(x - 4, 40))}
      {[40, 76, 112, 148, 184].map((x) => tire(x - 4, 88))}
      {[40, 76, 112].map((x) => tire(x - 4, 136))}
      {/* Balancer */}
      <rect x="232" y="108" width="68" height="52" rx="6" fill="#0b6a80" />
      <rect x="242" y="118" width="26" height="14" rx="2" fill="#c5f6fa" />
      <path d="M222 104h20" stroke="#495057" strokeWidth="6" strokeLinecap="round" />
      {tire(226, 104, 22)}
      <text
        x="264"
        y="150"
        textAnchor="middle"
        fontSize="9"
        fontWeight="700"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
      >
        BALANCE
      </text>
      {/* Price tag */}
      <rect x="130" y="122" width="54" height="26" rx="4" fill="#fbbf24" />
      <text
        x="157"
        y="139"
        textAnchor="middle"
        fontSize="11"
        fontWeight="800"
        fill="#212529"
        fontFamily="system-ui, sans-serif"
      >
        NEW
      </text>
    </Scene>
  );
}

export function LiftIllustration() {
  return (
    <Scene title="A car raised on a two-post lift for an underchassis check">
      <rect width="320" height="200" fill="#edf2f7" />
      <rect y="164" width="320" height="36" fill="#8fa1b1" />
      {/* Posts */}
      <rect x="42" y="20" width="16" height="144" fill="#f59f00" />
      <rect x="262" y="20" width="16" height="144" fill="#f59f00" />
      <rect x="38" y="160" width="24" height="6" fill="#495057" />
      <rect x="258" y="160" width="24" height="6" fill="#495057" />
      <rect x="42" y="14" width="236" height="8" rx="3" fill="#e67700" />
      {/* Arms */}
      <path d="M58 104h48M262 104h-48" stroke="#495057" strokeWidth="7" strokeLinecap="round" />
      {/* The raised car */}
      <Sedan x={78} y={100} color="#1b9fbd" scale={0.95} />
      {/* Underside details */}
      <path d="M96 104h132" stroke="#343a40" strokeWidth="4" />
      <path d="M120 108c10 10 26 10 36 0" fill="none" stroke="#495057" strokeWidth="4" />
      {/* Drain pan and work light */}
      <ellipse cx="160" cy="160" rx="26" ry="6" fill="#343a40" />
      <path d="M212 164l18-44" stroke="#495057" strokeWidth="4" />
      <path d="M222 120l16 6-8 8z" fill="#fff3bf" />
    </Scene>
  );
}

export function WaitingLoungeIllustration() {
  return (
    <Scene title="Air-conditioned waiting lounge with a sofa, coffee and a television">
      <rect width="320" height="200" fill="#fff4e6" />
      <rect y="156" width="320" height="44" fill="#d2b48c" />
      {/* Window */}
      <rect x="18" y="24" width="110" height="74" rx="4" fill="#a5d8ff" stroke="#ffffff" strokeWidth="6" />
      <path d="M73 24v74M18 61h110" stroke="#ffffff" strokeWidth="4" />
      <circle cx="104" cy="44" r="9" fill="#fcc419" />
      {/* TV */}
      <rect x="192" y="28" width="96" height="56" rx="4" fill="#212529" />
      <rect x="198" y="34" width="84" height="44" rx="2" fill="#0b6a80" />
      <path d="M214 66l14-16 10 10 8-6 16 12z" fill="#66d9e8" />
      {/* Sofa */}
      <rect x="40" y="110" width="150" height="40" rx="12" fill="#0e7f99" />
      <rect x="30" y="118" width="24" height="40" rx="8" fill="#0b6a80" />
      <rect x="176" y="118" width="24" height="40" rx="8" fill="#0b6a80" />
      <rect x="56" y="128" width="58" height="22" rx="6" fill="#1b9fbd" />
      <rect x="118" y="128" width="58" height="22" rx="6" fill="#1b9fbd" />
      <path d="M46 158v8M186 158v8" stroke="#5c3d1e" strokeWidth="4" />
      {/* Coffee table */}
      <rect x="214" y="134" width="70" height="8" rx="3" fill="#8a5a2b" />
      <path d="M222 142v20M276 142v20" stroke="#8a5a2b" strokeWidth="4" />
      <rect x="230" y="122" width="12" height="12" rx="2" fill="#ffffff" />
      <path d="M236 112c-3 4 3 6 0 10" fill="none" stroke="#adb5bd" strokeWidth="2" />
      <rect x="252" y="122" width="12" height="12" rx="2" fill="#ffffff" />
      {/* Plant */}
      <rect x="290" y="130" width="20" height="26" rx="3" fill="#c2410c" />
      <path d="M300 130c-14-14-12-30 0-38 12 8 14 24 0 38z" fill="#2f9e44" />
      <path
        d="M300 130c-18-4-24-16-20-24 10 2 18 12 20 24zM300 130c18-4 24-16 20-24-10 2-18 12-20 24z"
        fill="#40c057"
      />
    </Scene>
  );
}

export function OilChangeIllustration() {
  return (
    <Scene title="Oil change station with fresh oil and a new filter">
      <rect width="320" height="200" fill="#f1f3f5" />
      <rect y="160" width="320" height="40" fill="#9aabb9" />
      {/* Shelf with oil bottles */}
      <rect x="20" y="70" width="140" height="6" fill="#868e96" />
      {[30, 62, 94, 126].map((x, index) => (
        <g key={x}>
          <rect x={x} y="34" width="24" height="36" rx="4" fill={index % 2 === 0 ? "#0b6a80" : "#f59f00"} />
          <rect x={x + 8} y="26" width="8" height="8" rx="1" fill="#343a40" />
          <rect x={x + 4} y="44" width="16" height="12" rx="2" fill="#ffffff" opacity="0.85" />
        </g>
      ))}
      {/* Oil drum */}
      <rect x="36" y="100" width="64" height="60" rx="6" fill="#1b9fbd" />
      <path d="M36 118h64M36 142h64" stroke="#0b6a80" strokeWidth="4" />
      <rect x="58" y="92" width="20" height="8" rx="2" fill="#495057" />
      {/* Oil can pouring into a funnel */}
      <g transform="rotate(-24 214 70)">
        <rect x="186" y="52" width="52" height="36" rx="6" fill="#f59f00" />
        <path d="M238 60l22-8v10l-22 8z" fill="#e67700" />
        <rect x="196" y="62" width="30" height="16" rx="3" fill="#ffffff" opacity="0.85" />
      </g>
      <path d="M262 76c0 14 -2 30 -4 44" stroke="#e8a317" strokeWidth="4" strokeLinecap="round" />
      <path d="M238 120h40l-14 18v16h-12v-16z" fill="#495057" />
      {/* Filter */}
      <rect x="124" y="124" width="34" height="36" rx="6" fill="#2b8a3e" />
      <rect x="124" y="118" width="34" height="8" rx="2" fill="#adb5bd" />
      <text
        x="141"
        y="147"
        textAnchor="middle"
        fontSize="9"
        fontWeight="800"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
      >
        NEW
      </text>
    </Scene>
  );
}
