import { useId } from "react";
import classes from "./home.module.css";

/**
 * The hero picture: an SUV on the coast road of Alaminos with the Hundred
 * Islands on the horizon. Colours come from CSS variables, so dark mode turns
 * it into a dusk scene.
 */
export function HeroIllustration() {
  const id = useId();
  const sky = `${id}-sky`;
  const sea = `${id}-sea`;
  const body = `${id}-body`;
  const clip = `${id}-clip`;
  return (
    <svg className={classes.heroArt} viewBox="0 0 600 440" role="img" aria-labelledby={`${id}-title`}>
      <title id={`${id}-title`}>An SUV on the coast road with the Hundred Islands on the horizon</title>
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--hero-sky-top)" }} />
          <stop offset="1" style={{ stopColor: "var(--hero-sky-bottom)" }} />
        </linearGradient>
        <linearGradient id={sea} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--hero-sea-top)" }} />
          <stop offset="1" style={{ stopColor: "var(--hero-sea-bottom)" }} />
        </linearGradient>
        <linearGradient id={body} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b9fbd" />
          <stop offset="1" stopColor="#085567" />
        </linearGradient>
        <clipPath id={clip}>
          <rect width="600" height="440" rx="32" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width="600" height="440" fill={`url(#${sky})`} />
        {/* Sun (a low moon at dusk) with its halo */}
        <circle cx="452" cy="118" r="78" style={{ fill: "var(--hero-sun)" }} opacity="0.18" />
        <circle cx="452" cy="118" r="44" style={{ fill: "var(--hero-sun)" }} />
        {/* Clouds */}
        <g style={{ fill: "var(--hero-cloud)" }}>
          <path d="M70 104c0-13 11-22 24-20 5-12 23-15 32-4 13-3 24 6 24 17 0 2 0 3-1 4H72c-1-1-2-3-2-5z" />
          <path d="M300 66c0-9 8-15 17-14 4-8 16-10 22-3 9-2 17 4 17 12l-1 3h-54z" opacity="0.8" />
        </g>
        {/* Birds */}
        <g fill="none" style={{ stroke: "var(--hero-bird)" }} strokeWidth="2.5" strokeLinecap="round">
          <path d="M220 120q7-7 14 0q7-7 14 0" />
          <path d="M258 98q5-5 10 0q5-5 10 0" />
        </g>
        {/* The sea */}
        <rect y="246" width="600" height="100" fill={`url(#${sea})`} />
        <g
          style={{ stroke: "var(--hero-wave)" }}
          strokeWidth="2.5"
          strokeLinecap="round"
          fill="none"
          opacity="0.7"
        >
          <path d="M40 282h46M120 300h60M420 288h52M500 312h40M250 318h44" />
        </g>
        {/* The Hundred Islands: undercut limestone islets with green tops */}
        <g style={{ fill: "var(--hero-island-rock)" }}>
          <path d="M58 252c2-10 6-14 12-16h34c6 2 10 6 12 16z" />
          <path d="M150 252c1-6 4-9 8-10h18c4 1 7 4 8 10z" />
          <path d="M232 252c2-12 7-18 15-20h46c8 2 13 8 15 20z" />
          <path d="M360 252c1-5 3-8 6-9h14c3 1 5 4 6 9z" />
          <path d="M520 252c2-9 6-13 11-14h30c5 1 9 5 11 14z" />
        </g>
        <g style={{ fill: "var(--hero-island-green)" }}>
          <path d="M52 238c0-22 18-36 35-36 20 0 37 15 37 36z" />
          <path d="M146 243c0-12 9-20 20-20 12 0 21 8 21 20z" />
          <path d="M224 234c0-28 24-46 47-46 25 0 46 19 46 46z" />
          <path d="M356 244c0-9 7-15 15-15s15 6 15 15z" />
          <path d="M514 240c0-19 15-31 31-31 17 0 31 13 31 31z" />
        </g>
        {/* The shore and the coast road */}
        <path d="M0 330c90-14 190-18 300-14s210 10 300-2v126H0z" style={{ fill: "var(--hero-sand)" }} />
        <path
          d="M0 364c120-8 260-10 400-6 80 2 150 4 200 2v52c-70 4-160 4-260 2C220 412 100 412 0 416z"
          style={{ fill: "var(--hero-road)" }}
        />
        <path
          d="M10 392c110-6 240-8 380-4 70 2 140 4 200 2"
          fill="none"
          stroke="#f8fafc"
          strokeWidth="4"
          strokeDasharray="26 20"
          opacity="0.75"
        />
        {/* A palm tree */}
        <g>
          <path
            d="M548 352c-4-40-2-80 12-118"
            fill="none"
            stroke="#8a5a2b"
            strokeWidth="9"
            strokeLinecap="round"
          />
          <g style={{ fill: "var(--hero-palm)" }}>
            <path d="M560 232c-22-16-48-14-66 2 24-4 44 0 66-2z" />
            <path d="M560 232c-8-24-28-36-50-36 18 10 34 20 50 36z" />
            <path d="M560 232c10-22 30-32 52-28-18 6-34 14-52 28z" />
            <path d="M560 232c22-4 40 6 50 24-18-10-32-16-50-24z" />
            <path d="M560 232c-16 6-28 22-30 40 10-16 18-26 30-40z" />
          </g>
        </g>
        {/* The SUV */}
        <ellipse cx="318" cy="384" rx="150" ry="10" fill="#0b1117" opacity="0.25" />
        <path
          d="M178 368v-28c0-12 8-20 20-22l46-7 38-27c8-6 18-9 28-9h86c13 0 24 6 31 16l22 24 22 4c13 2 21 12 21 25v24z"
          fill={`url(#${body})`}
        />
        <path d="M292 269h96" stroke="#0b1117" strokeWidth="5" strokeLinecap="round" opacity="0.55" />
        <path d="M262 309l26-18c5-4 12-6 18-6h36v24z" fill="#d6f1f7" />
        <path d="M352 285h36c9 0 16 4 21 10l14 14h-71z" fill="#d6f1f7" />
        <path d="M178 348h314" stroke="#ffffff" strokeWidth="3" opacity="0.5" />
        <rect x="344" y="318" width="18" height="4" rx="2" fill="#ffffff" opacity="0.85" />
        <rect x="270" y="318" width="18" height="4" rx="2" fill="#ffffff" opacity="0.85" />
        <path d="M480 332h14v10h-10c-3 0-4-2-4-4z" fill="#fde68a" />
        <path d="M178 330h8v14h-8z" fill="#ef4444" />
        <g>
          <circle cx="236" cy="368" r="22" fill="#1f2933" />
          <circle cx="236" cy="368" r="10" fill="#cbd5e1" />
          <circle cx="236" cy="368" r="3" fill="#1f2933" />
          <circle cx="430" cy="368" r="22" fill="#1f2933" />
          <circle cx="430" cy="368" r="10" fill="#cbd5e1" />
          <circle cx="430" cy="368" r="3" fill="#1f2933" />
        </g>
      </g>
    </svg>
  );
}
