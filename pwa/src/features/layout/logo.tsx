import { useId } from "react";
import { contactSettings } from "@car-rental/shared/site";
import classes from "./site-header.module.css";

type LogoMarkProps = { size?: number };

/** The brand mark: a car on the coast road at sunrise, on the sea-blue tile. */
export function LogoMark({ size = 40 }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1b9fbd" />
          <stop offset="1" stopColor="#085567" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${gradientId})`} />
      <circle cx="45" cy="19" r="7" fill="#fbbf24" />
      <path
        d="M6 33c5-4 9-4 13 0 3-3 6-3 9 0"
        fill="none"
        stroke="#c9ecf3"
        strokeWidth="2"
        strokeLinecap="round"
        opacity="0.7"
      />
      <path
        d="M9 44v-4.6c0-2 1.4-3.7 3.3-4.1l6.4-1.5 6.3-6.2c1.1-1.1 2.6-1.7 4.1-1.7h10c1.8 0 3.4.8 4.5 2.2l4.6 5.8 4.2.9c2.1.5 3.6 2.3 3.6 4.5V44z"
        fill="#ffffff"
      />
      <path
        d="M22.5 34.2l4.6-4.6c.6-.6 1.4-.9 2.2-.9h3.9v5.5zM35.5 34.2v-5.5h4.1c.9 0 1.8.4 2.3 1.1l3.4 4.4z"
        fill="#0b6a80"
      />
      <circle cx="20" cy="44.5" r="5" fill="#05404e" stroke="#ffffff" strokeWidth="2" />
      <circle cx="45" cy="44.5" r="5" fill="#05404e" stroke="#ffffff" strokeWidth="2" />
      <path d="M8 54h48" stroke="#c9ecf3" strokeWidth="2.5" strokeLinecap="round" strokeDasharray="6 5" />
    </svg>
  );
}

/** Logo mark and business name, linking to the home page (a full page navigation). */
export function Logo() {
  return (
    // No aria-label: the accessible name must contain the visible text (WCAG 2.5.3).
    <a href="/" className={classes.logo}>
      <LogoMark />
      <span className={classes.logoText}>
        <span className={classes.logoName}>{contactSettings.name}</span>
        <span className={classes.logoTagline}>Alaminos City, Pangasinan</span>
      </span>
      <span className="visually-hidden">, home</span>
    </a>
  );
}
