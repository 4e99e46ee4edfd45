/**
 * Draws the bundled fleet pictures: flat side views, one SVG per model, in
 * db/assets/cars/. Run `npx tsx db/scripts/draw-car-pictures.ts` after
 * changing a drawing; the SVG files are committed, this script is how they
 * were made.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CAR_IMAGE } from "@car-rental/shared/constants";

type Point = readonly [x: number, y: number, radius?: number];
type Polygon = readonly Point[];

type BodyShape = {
  /** Outline from the rear bottom corner over the roof to the front bottom corner. */
  silhouette: Polygon;
  /** y of the body's lower edge between the wheels. */
  bottom: number;
  wheels: readonly [rearX: number, frontX: number];
  wheelRadius: number;
  windows: readonly Polygon[];
  /** Door seams and other panel lines, as SVG path data. */
  seams: readonly string[];
  handles: readonly (readonly [x: number, y: number])[];
  headlight: Polygon;
  taillight: Polygon;
  mirror: readonly [x: number, y: number];
  /** For two-tone paint: the body above this y is the roof. */
  roofLine?: number;
};

const GROUND = 204;

const shapes = {
  sedan: {
    silhouette: [
      [40, 178],
      [38, 140, 8],
      [46, 122, 10],
      [114, 116, 12],
      [154, 86, 16],
      [238, 82, 20],
      [284, 114, 10],
      [352, 123, 14],
      [364, 142, 8],
      [362, 178],
    ],
    bottom: 178,
    wheels: [102, 298],
    wheelRadius: 25,
    windows: [
      [
        [124, 113, 3],
        [157, 91, 6],
        [196, 89, 3],
        [196, 113, 3],
      ],
      [
        [204, 113, 3],
        [204, 89, 3],
        [235, 88, 8],
        [273, 113, 3],
      ],
    ],
    seams: ["M200 114 V168", "M140 118 Q134 140 138 168", "M270 116 Q276 140 270 168"],
    handles: [
      [178, 126],
      [248, 126],
    ],
    headlight: [
      [336, 126],
      [358, 130],
      [362, 138],
      [340, 136],
    ],
    taillight: [
      [40, 126],
      [54, 124],
      [54, 134],
      [39, 136],
    ],
    mirror: [278, 112],
  },
  suv: {
    silhouette: [
      [34, 170],
      [32, 112, 8],
      [40, 72, 14],
      [250, 68, 18],
      [294, 108, 10],
      [356, 116, 14],
      [368, 136, 8],
      [366, 170],
    ],
    bottom: 170,
    wheels: [96, 302],
    wheelRadius: 28,
    windows: [
      [
        [48, 106, 3],
        [53, 80, 6],
        [110, 78, 3],
        [110, 106, 3],
      ],
      [
        [118, 106, 3],
        [118, 78, 3],
        [192, 77, 3],
        [192, 106, 3],
      ],
      [
        [200, 106, 3],
        [200, 77, 3],
        [244, 76, 8],
        [284, 106, 3],
      ],
    ],
    seams: ["M196 108 V160", "M114 108 V160", "M276 110 Q282 134 276 160"],
    handles: [
      [170, 120],
      [252, 120],
    ],
    headlight: [
      [338, 118],
      [362, 124],
      [366, 132],
      [342, 130],
    ],
    taillight: [
      [32, 100],
      [44, 98],
      [44, 120],
      [32, 122],
    ],
    mirror: [288, 106],
    roofLine: 76,
  },
  crossover: {
    silhouette: [
      [44, 172],
      [42, 124, 8],
      [58, 84, 16],
      [244, 78, 20],
      [290, 112, 10],
      [350, 120, 14],
      [362, 140, 8],
      [360, 172],
    ],
    bottom: 172,
    wheels: [104, 298],
    wheelRadius: 26,
    windows: [
      [
        [62, 112, 3],
        [70, 90, 8],
        [120, 87, 3],
        [120, 112, 3],
      ],
      [
        [128, 112, 3],
        [128, 87, 3],
        [194, 85, 3],
        [194, 112, 3],
      ],
      [
        [202, 112, 3],
        [202, 85, 3],
        [238, 84, 8],
        [280, 112, 3],
      ],
    ],
    seams: ["M198 114 V164", "M124 114 V164", "M272 116 Q278 140 272 164"],
    handles: [
      [172, 126],
      [250, 126],
    ],
    headlight: [
      [334, 122],
      [356, 127],
      [361, 134],
      [338, 132],
    ],
    taillight: [
      [42, 112],
      [56, 110],
      [54, 124],
      [42, 126],
    ],
    mirror: [284, 110],
    roofLine: 92,
  },
  boxy: {
    silhouette: [
      [94, 166],
      [92, 80, 6],
      [98, 64, 8],
      [250, 64, 8],
      [268, 104, 6],
      [322, 108, 8],
      [332, 120, 6],
      [332, 166],
    ],
    bottom: 166,
    wheels: [142, 288],
    wheelRadius: 28,
    windows: [
      [
        [104, 100, 3],
        [104, 72, 3],
        [160, 72, 3],
        [160, 100, 3],
      ],
      [
        [168, 100, 3],
        [168, 72, 3],
        [244, 72, 4],
        [258, 100, 3],
      ],
    ],
    seams: ["M164 102 V160", "M252 106 V160", "M96 134 H328", "M268 106 Q300 104 322 110"],
    handles: [
      [236, 114],
      [146, 114],
    ],
    headlight: [
      [320, 110],
      [331, 110],
      [331, 122],
      [320, 122],
    ],
    taillight: [
      [93, 128],
      [101, 128],
      [101, 146],
      [93, 146],
    ],
    mirror: [262, 102],
    roofLine: 71,
  },
  mpv: {
    silhouette: [
      [36, 172],
      [34, 118, 8],
      [44, 78, 16],
      [232, 74, 22],
      [298, 114, 10],
      [352, 121, 14],
      [366, 140, 8],
      [364, 172],
    ],
    bottom: 172,
    wheels: [100, 302],
    wheelRadius: 25,
    windows: [
      [
        [50, 114, 3],
        [56, 84, 8],
        [118, 82, 3],
        [118, 114, 3],
      ],
      [
        [126, 114, 3],
        [126, 82, 3],
        [196, 80, 3],
        [196, 114, 3],
      ],
      [
        [204, 114, 3],
        [204, 80, 3],
        [226, 79, 8],
        [288, 114, 3],
      ],
    ],
    seams: ["M200 116 V166", "M122 116 V166", "M282 118 Q288 142 282 166"],
    handles: [
      [172, 128],
      [254, 128],
    ],
    headlight: [
      [338, 124],
      [360, 129],
      [365, 136],
      [342, 134],
    ],
    taillight: [
      [34, 110],
      [46, 108],
      [46, 126],
      [34, 128],
    ],
    mirror: [292, 112],
  },
  van: {
    silhouette: [
      [24, 174],
      [22, 62, 8],
      [32, 46, 12],
      [300, 44, 16],
      [342, 94, 10],
      [366, 112, 10],
      [374, 132, 8],
      [372, 174],
    ],
    bottom: 174,
    wheels: [82, 316],
    wheelRadius: 25,
    windows: [
      [
        [34, 100, 3],
        [34, 58, 3],
        [92, 58, 3],
        [92, 100, 3],
      ],
      [
        [100, 100, 3],
        [100, 58, 3],
        [158, 58, 3],
        [158, 100, 3],
      ],
      [
        [166, 100, 3],
        [166, 58, 3],
        [224, 58, 3],
        [224, 100, 3],
      ],
      [
        [232, 100, 3],
        [232, 58, 3],
        [286, 58, 3],
        [286, 100, 3],
      ],
      [
        [296, 100, 3],
        [296, 58, 3],
        [304, 58, 4],
        [338, 100, 3],
      ],
    ],
    seams: ["M292 102 V168", "M228 102 V168", "M162 102 V168", "M166 110 H226"],
    handles: [
      [214, 120],
      [306, 116],
    ],
    headlight: [
      [352, 112],
      [368, 116],
      [372, 126],
      [354, 124],
    ],
    taillight: [
      [22, 104],
      [32, 104],
      [32, 130],
      [22, 130],
    ],
    mirror: [338, 98],
  },
  pickup: {
    silhouette: [
      [24, 168],
      [22, 110, 4],
      [26, 104, 4],
      [150, 104, 4],
      [156, 70, 12],
      [258, 68, 18],
      [300, 106, 10],
      [360, 114, 14],
      [372, 134, 8],
      [370, 168],
    ],
    bottom: 168,
    wheels: [86, 306],
    wheelRadius: 28,
    windows: [
      [
        [166, 104, 3],
        [168, 76, 6],
        [206, 75, 3],
        [206, 104, 3],
      ],
      [
        [214, 104, 3],
        [214, 75, 3],
        [252, 74, 8],
        [290, 104, 3],
      ],
    ],
    seams: ["M210 106 V160", "M158 106 V160", "M282 108 Q288 132 282 160", "M34 110 V158", "M26 110 H150"],
    handles: [
      [190, 118],
      [262, 118],
    ],
    headlight: [
      [342, 116],
      [366, 122],
      [370, 130],
      [346, 128],
    ],
    taillight: [
      [22, 112],
      [30, 112],
      [30, 134],
      [22, 134],
    ],
    mirror: [294, 104],
  },
} as const satisfies Record<string, BodyShape>;

type BodyType = keyof typeof shapes;

type Drawing = {
  slug: string;
  body: BodyType;
  color: string;
  /** Black plastic around the wheel arches and along the sills. */
  cladding?: boolean;
  roofRails?: boolean;
  /** A roof of this colour instead of the body colour (two-tone paint). */
  roofColor?: string;
  /** Pickups: a sports bar behind the cab. */
  sportsBar?: boolean;
  /** Jimny: the spare wheel on the tailgate. */
  spareWheel?: boolean;
  /** A decal stripe along the flank. */
  stripe?: string;
};

const drawings: readonly Drawing[] = [
  { slug: "toyota-fortuner", body: "suv", color: "#33363d", roofRails: true, cladding: true },
  { slug: "mitsubishi-montero-sport", body: "suv", color: "#5d6b7a", roofRails: true },
  { slug: "ford-everest", body: "suv", color: "#1f4e79", roofRails: true, cladding: true },
  { slug: "nissan-terra", body: "suv", color: "#8c6a4f", roofRails: true },
  { slug: "isuzu-mu-x", body: "suv", color: "#f1f1ec", cladding: true },
  { slug: "toyota-rush", body: "crossover", color: "#c0392b", roofRails: true, cladding: true },
  { slug: "mitsubishi-xpander-cross", body: "crossover", color: "#e08a1e", roofRails: true, cladding: true },
  { slug: "suzuki-jimny", body: "boxy", color: "#5e7d2a", spareWheel: true, cladding: true },
  { slug: "honda-br-v", body: "crossover", color: "#7a1f2f", roofRails: true },
  { slug: "toyota-raize", body: "crossover", color: "#e0b020", roofColor: "#1e2024", cladding: true },
  { slug: "toyota-corolla-cross", body: "crossover", color: "#4a7c9b", cladding: true },
  { slug: "toyota-vios", body: "sedan", color: "#2a6fb8" },
  { slug: "honda-city", body: "sedan", color: "#a8141f" },
  { slug: "mitsubishi-mirage-g4", body: "sedan", color: "#8b3a62" },
  { slug: "nissan-almera", body: "sedan", color: "#bcc2c9" },
  { slug: "suzuki-dzire", body: "sedan", color: "#3f8f8a" },
  { slug: "toyota-innova", body: "mpv", color: "#9e9fa3" },
  { slug: "mitsubishi-xpander", body: "mpv", color: "#e9e9e4" },
  { slug: "suzuki-ertiga", body: "mpv", color: "#294a66" },
  { slug: "toyota-hiace-commuter", body: "van", color: "#f3f3f0", stripe: "#2a6fb8" },
  { slug: "toyota-hiace-gl-grandia", body: "van", color: "#2b2b2e" },
  { slug: "nissan-urvan", body: "van", color: "#c5c8cc", stripe: "#a8141f" },
  { slug: "toyota-hilux", body: "pickup", color: "#a0522d" },
  { slug: "ford-ranger", body: "pickup", color: "#c4561c", sportsBar: true, cladding: true },
  { slug: "nissan-navara", body: "pickup", color: "#6e1423", sportsBar: true },
  { slug: DEFAULT_CAR_IMAGE.replace(/\.svg$/, ""), body: "crossover", color: "#8795a8" },
];

const n = (value: number): string => String(Math.round(value * 10) / 10);

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
function shade(color: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(color.slice(start, start + 2), 16);
    return Math.round(value + (target - value) * weight)
      .toString(16)
      .padStart(2, "0");
  });
  return `#${channels.join("")}`;
}

function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16) / 255);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function toward(from: Point, to: Point, distance: number): [number, number] {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy);
  return [from[0] + (dx / length) * distance, from[1] + (dy / length) * distance];
}

/** Path commands through the points, each inner corner rounded by its radius. */
function rounded(points: Polygon, closed: boolean): string {
  const count = points.length;
  const at = (index: number): Point => {
    const point = points[((index % count) + count) % count];
    if (!point) throw new Error("empty polygon");
    return point;
  };
  const commands: string[] = [];
  const first = closed ? 0 : 1;
  const last = closed ? count - 1 : count - 2;
  if (!closed) commands.push(`M${n(at(0)[0])} ${n(at(0)[1])}`);
  for (let index = first; index <= last; index++) {
    const previous = at(index - 1);
    const corner = at(index);
    const next = at(index + 1);
    const radius = Math.min(
      corner[2] ?? 0,
      Math.hypot(corner[0] - previous[0], corner[1] - previous[1]) / 2,
      Math.hypot(next[0] - corner[0], next[1] - corner[1]) / 2,
    );
    const [ax, ay] = toward(corner, previous, radius);
    const [bx, by] = toward(corner, next, radius);
    commands.push(`${index === first && closed ? "M" : "L"}${n(ax)} ${n(ay)}`);
    commands.push(`Q${n(corner[0])} ${n(corner[1])} ${n(bx)} ${n(by)}`);
  }
  if (!closed) commands.push(`L${n(at(count - 1)[0])} ${n(at(count - 1)[1])}`);
  return commands.join("");
}

/** The body outline: the silhouette, then the underside with an arch over each wheel. */
function bodyPath(shape: BodyShape): string {
  const arch = shape.wheelRadius + 5;
  const [rearX, frontX] = shape.wheels;
  const y = shape.bottom;
  return (
    rounded(shape.silhouette, false) +
    `L${frontX + arch} ${y}A${arch} ${arch} 0 0 0 ${frontX - arch} ${y}` +
    `L${rearX + arch} ${y}A${arch} ${arch} 0 0 0 ${rearX - arch} ${y}Z`
  );
}

function wheel(x: number, radius: number): string {
  const cy = GROUND - radius;
  const spokes = Array.from({ length: 5 }, (_, index) => {
    const angle = (index * 2 * Math.PI) / 5 - Math.PI / 2;
    const inner = radius * 0.22;
    const outer = radius * 0.56;
    return `M${n(x + Math.cos(angle) * inner)} ${n(cy + Math.sin(angle) * inner)}L${n(x + Math.cos(angle) * outer)} ${n(cy + Math.sin(angle) * outer)}`;
  }).join("");
  return (
    `<circle cx="${x}" cy="${cy}" r="${radius}" fill="#1f2328"/>` +
    `<circle cx="${x}" cy="${cy}" r="${n(radius * 0.62)}" fill="#c9ced6"/>` +
    `<path d="${spokes}" stroke="#8d949e" stroke-width="${n(radius * 0.14)}" stroke-linecap="round"/>` +
    `<circle cx="${x}" cy="${cy}" r="${n(radius * 0.16)}" fill="#e8ebef" stroke="#8d949e"/>`
  );
}

function polygonPath(polygon: Polygon): string {
  return rounded(polygon, true) + "Z";
}

function draw(drawing: Drawing): string {
  const shape: BodyShape = shapes[drawing.body];
  const { color, slug } = drawing;
  const outline = shade(color, -0.45);
  const light = luminance(color) > 0.7;
  const seamColor = light ? shade(color, -0.35) : shade(color, -0.4);
  const [rearX, frontX] = shape.wheels;
  const arch = shape.wheelRadius + 5;
  const parts: string[] = [];

  parts.push(
    `<defs>` +
      `<linearGradient id="bg-${slug}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f8fc"/><stop offset="1" stop-color="#e3e9f1"/></linearGradient>` +
      `<linearGradient id="glass-${slug}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4d6075"/><stop offset="1" stop-color="#1c2530"/></linearGradient>` +
      `<linearGradient id="paint-${slug}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(color, 0.18)}"/><stop offset=".55" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -0.18)}"/></linearGradient>` +
      `</defs>`,
  );
  // Background: a soft sky, a pale sun tinted like the car, the ground.
  parts.push(`<rect width="400" height="240" rx="16" fill="url(#bg-${slug})"/>`);
  parts.push(`<circle cx="330" cy="46" r="30" fill="${shade(color, 0.8)}" opacity=".7"/>`);
  parts.push(`<path d="M0 ${GROUND}H400V224Q400 240 384 240H16Q0 240 0 224Z" fill="#d9e0e9"/>`);
  parts.push(`<ellipse cx="200" cy="${GROUND + 1}" rx="176" ry="8" fill="#1b2330" opacity=".2"/>`);

  if (drawing.spareWheel) {
    parts.push(`<circle cx="84" cy="120" r="24" fill="#1f2328"/>`);
    parts.push(`<circle cx="84" cy="120" r="15" fill="${shade(color, -0.2)}"/>`);
  }
  if (drawing.roofRails) {
    const roof = shape.silhouette.filter((point) => point[1] < 90);
    const xs = roof.map((point) => point[0]);
    const top = Math.min(...roof.map((point) => point[1]));
    const from = Math.min(...xs) + 18;
    const to = Math.max(...xs) - 40;
    parts.push(`<rect x="${from}" y="${top - 6}" width="${to - from}" height="5" rx="2.5" fill="#2a2e35"/>`);
    parts.push(
      `<path d="M${from + 8} ${top - 1}V${top + 1}M${to - 8} ${top - 1}V${top + 1}" stroke="#2a2e35" stroke-width="4"/>`,
    );
  }
  if (drawing.sportsBar) {
    parts.push(
      `<path d="M60 104L70 80H140L148 104" fill="none" stroke="#2a2e35" stroke-width="6" stroke-linejoin="round"/>`,
    );
  }

  parts.push(
    `<path d="${bodyPath(shape)}" fill="url(#paint-${slug})" stroke="${outline}" stroke-width="1.5" stroke-linejoin="round"/>`,
  );
  if (drawing.roofColor && shape.roofLine) {
    parts.push(
      `<clipPath id="roof-${slug}"><rect width="400" height="${shape.roofLine}"/></clipPath>` +
        `<path d="${bodyPath(shape)}" fill="${drawing.roofColor}" clip-path="url(#roof-${slug})"/>`,
    );
  }
  // Shoulder highlight and a darker sill.
  const sillTop = shape.bottom - 12;
  parts.push(
    `<path d="M${shape.silhouette[0]?.[0] ?? 0} ${sillTop}H${shape.silhouette.at(-1)?.[0] ?? 400}" stroke="${shade(color, 0.5)}" stroke-width="2" opacity=".35"/>`,
  );
  if (drawing.stripe) {
    const x0 = (shape.silhouette[0]?.[0] ?? 0) + 2;
    const x1 = (shape.silhouette.at(-1)?.[0] ?? 400) - 2;
    parts.push(`<path d="M${x0} 136H${x1}" stroke="${drawing.stripe}" stroke-width="6"/>`);
    parts.push(`<path d="M${x0} 144H${x1}" stroke="${drawing.stripe}" stroke-width="2"/>`);
  }
  for (const window of shape.windows) {
    parts.push(`<path d="${polygonPath(window)}" fill="url(#glass-${slug})"/>`);
  }
  // A reflection across the windows.
  const firstWindow = shape.windows[1] ?? shape.windows[0];
  if (firstWindow) {
    const top = Math.min(...firstWindow.map((point) => point[1]));
    const left = Math.min(...firstWindow.map((point) => point[0]));
    parts.push(
      `<path d="M${left + 10} ${top + 22}L${left + 34} ${top + 2}H${left + 44}L${left + 20} ${top + 22}Z" fill="#fff" opacity=".18"/>`,
    );
  }
  parts.push(
    `<path d="${shape.seams.join("")}" fill="none" stroke="${seamColor}" stroke-width="1.4" opacity=".8"/>`,
  );
  for (const [x, y] of shape.handles) {
    parts.push(`<rect x="${x}" y="${y}" width="13" height="3.5" rx="1.75" fill="${seamColor}"/>`);
  }
  const [mirrorX, mirrorY] = shape.mirror;
  parts.push(
    `<path d="M${mirrorX - 4} ${mirrorY}h12l-2 8h-8z" fill="${shade(color, -0.15)}" stroke="${outline}" stroke-width="1"/>`,
  );
  parts.push(
    `<path d="${polygonPath(shape.headlight)}" fill="#fff4c2" stroke="${outline}" stroke-width="1"/>`,
  );
  parts.push(
    `<path d="${polygonPath(shape.taillight)}" fill="#d8322f" stroke="${outline}" stroke-width="1"/>`,
  );

  if (drawing.cladding) {
    const archPath = (x: number) =>
      `M${x - arch} ${shape.bottom}A${arch} ${arch} 0 0 1 ${x + arch} ${shape.bottom}`;
    parts.push(
      `<path d="${archPath(rearX)}${archPath(frontX)}" fill="none" stroke="#2a2e35" stroke-width="6"/>`,
    );
    parts.push(
      `<rect x="${rearX + arch}" y="${shape.bottom - 8}" width="${frontX - rearX - 2 * arch}" height="8" fill="#2a2e35"/>`,
    );
  } else {
    parts.push(
      `<rect x="${rearX + arch}" y="${shape.bottom - 6}" width="${frontX - rearX - 2 * arch}" height="6" fill="${shade(color, -0.3)}"/>`,
    );
  }
  // Dark wheel wells behind the tyres.
  for (const x of shape.wheels) {
    const well = arch - 2;
    parts.push(
      `<path d="M${x - well} ${shape.bottom}A${well} ${well} 0 0 1 ${x + well} ${shape.bottom}Z" fill="#14171c" opacity=".45"/>`,
    );
  }
  for (const x of shape.wheels) parts.push(wheel(x, shape.wheelRadius));

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="400" height="240" role="img" aria-label="${slug.replace(/-/g, " ")}">${parts.join("")}</svg>\n`;
}

const outDir = fileURLToPath(new URL("../assets/cars/", import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const drawing of drawings) {
  const file = path.join(outDir, `${drawing.slug}.svg`);
  writeFileSync(file, draw(drawing));
}
console.info(`drew ${drawings.length} pictures in ${outDir}`);
