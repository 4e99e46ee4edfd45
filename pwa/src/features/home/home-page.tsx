import { startTransition, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { marketingClaims } from "@car-rental/shared/site";
import { loadDataLibraries, loadMantine } from "../../lib/data-libraries";
import { usePageTitle } from "../../lib/page-title";
import { Hero } from "./hero";
import classes from "./home.module.css";
import { SectionFrame } from "./section-frame";
import {
  onRevealAllSections,
  PENDING_SECTION_ATTRIBUTE,
  queueIdleReveal,
  revealSectionsWhenIdle,
  sectionsRevealed,
} from "../layout/section-reveal";
import { useScrollToHash } from "./use-scroll-to-hash";
import { lazyRetrying } from "../../lib/lazy-retrying";

// Everything below the fold is split out of the first view's bundle. The
// section frames (anchor ids and headings) stay eager so links always land.
// The sections with data or forms render in the browser (Deferred); the static
// ones come with the prerendered HTML (StaticContent).
const FleetSlot = lazyRetrying(() =>
  loadDataLibraries()
    .then(() => import("./fleet-slot"))
    .then((m) => ({ default: m.FleetSlot })),
);
const BookingSlot = lazyRetrying(() =>
  loadDataLibraries()
    .then(() => import("./booking-slot"))
    .then((m) => ({ default: m.BookingSlot })),
);
const WhyChooseUs = lazyRetrying(() =>
  loadMantine()
    .then(() => import("./why-choose-us"))
    .then((m) => ({ default: m.WhyChooseUs })),
);
const AboutContent = lazyRetrying(() =>
  loadMantine()
    .then(() => import("./about"))
    .then((m) => ({ default: m.AboutContent })),
);
const ContactDetails = lazyRetrying(() =>
  loadMantine()
    .then(() => import("./contact-details"))
    .then((m) => ({ default: m.ContactDetails })),
);
const ContactFormSlot = lazyRetrying(() =>
  loadDataLibraries()
    .then(() => import("./contact-form-slot"))
    .then((m) => ({ default: m.ContactFormSlot })),
);

/** How far below the viewport a section starts loading. */
const REVEAL_MARGIN = "200px 0px";

/** Calls `onCommit` once it is on screen: placed after lazy content, once that content has rendered. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Renders its (lazy) content once it comes near the viewport, when every
 * section is revealed (anchor navigation), or in its turn once the page is
 * idle, so the first view loads only the hero.
 */
function Deferred({ children }: { children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  // Starts hidden in every first render, as in the prerendered HTML (hydration must match).
  const [visible, setVisible] = useState(false);
  const whenCommitted = useRef<() => void>(undefined);
  const committed = useCallback(() => whenCommitted.current?.(), []);
  useEffect(() => {
    if (visible) return;
    if (sectionsRevealed() || typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    // A transition: the section renders in slices that yield to input instead of blocking the page.
    const show = () => startTransition(() => setVisible(true));
    const stopListening = onRevealAllSections(show);
    const leaveQueue = queueIdleReveal(
      () =>
        new Promise((resolve) => {
          whenCommitted.current = resolve;
          show();
        }),
    );
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: REVEAL_MARGIN },
    );
    if (placeholder.current) observer.observe(placeholder.current);
    return () => {
      stopListening();
      leaveQueue();
      observer.disconnect();
    };
  }, [visible]);
  const pending = { [PENDING_SECTION_ATTRIBUTE]: "" };
  const fallback = <div ref={placeholder} className={classes.slotPending} aria-hidden="true" {...pending} />;
  return visible ? (
    <Suspense fallback={fallback}>
      {children}
      <Committed onCommit={committed} />
    </Suspense>
  ) : (
    fallback
  );
}

/**
 * Content without data or state (why us, about, the contact details): part of
 * the prerendered HTML, so the browser lays it out with the page, and the app
 * only hydrates it, in slices, once its code has loaded. (Rendering it in the
 * browser instead would mean a commit and a layout per section.) After a
 * navigation to the home page it renders as soon as its code is there.
 */
function StaticContent({ children }: { children: ReactNode }) {
  const pending = { [PENDING_SECTION_ATTRIBUTE]: "" };
  return (
    <Suspense fallback={<div className={classes.slotPending} aria-hidden="true" {...pending} />}>
      {children}
    </Suspense>
  );
}

/** The home page of spec §2: hero, fleet, booking, why choose us, about, contact. */
export function HomePage() {
  usePageTitle("Premium Car Rental in Alaminos City, Pangasinan");
  useScrollToHash();
  useEffect(() => revealSectionsWhenIdle(), []);
  return (
    <>
      <Hero />
      <SectionFrame
        id="cars"
        eyebrow="Our cars"
        title="Find the right car for your trip"
        description={`${marketingClaims.vehicles} vehicles, from city sedans to seven-seat SUVs and vans. All available with or without a professional driver.`}
      >
        <Deferred>
          <FleetSlot />
        </Deferred>
      </SectionFrame>
      <SectionFrame
        id="booking"
        tone="muted"
        eyebrow="Reservations"
        title="Reserve your car in minutes"
        description="Choose a car, pick your dates and add a driver if you need one. You get a printable confirmation right away."
      >
        <Deferred>
          <BookingSlot />
        </Deferred>
      </SectionFrame>
      <SectionFrame
        id="why-us"
        eyebrow="Why choose us"
        title="Rent with confidence"
        description="Small enough to know every customer by name, equipped like the big rental companies."
      >
        <StaticContent>
          <WhyChooseUs />
        </StaticContent>
      </SectionFrame>
      <SectionFrame
        id="about"
        tone="muted"
        eyebrow="About us"
        title="Your local rental garage in Alaminos City"
      >
        <StaticContent>
          <AboutContent />
        </StaticContent>
      </SectionFrame>
      <SectionFrame
        id="contact"
        eyebrow="Contact us"
        title="Get in touch"
        description="Questions about a car, a long trip or a corporate rental? Send us a message or call, we reply the same day."
      >
        <div className={classes.contactGrid}>
          <StaticContent>
            <ContactDetails />
          </StaticContent>
          <Deferred>
            <ContactFormSlot />
          </Deferred>
        </div>
      </SectionFrame>
    </>
  );
}
