import "@mantine/core/styles/Chip.css";
import "@mantine/core/styles/Skeleton.css";
import { Button, Chip, Group, Skeleton, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { KNOWN_CATEGORIES } from "@car-rental/shared/constants";
import type { Car } from "@car-rental/shared/schemas/car";
import { refreshCars, useCars } from "../../data/public-data";
import { useStepwiseCount } from "../../lib/use-stepwise-count";
import { PENDING_SECTION_ATTRIBUTE, onRevealAllSections } from "../layout/section-reveal";
import { FleetCard } from "./fleet-card";
import classes from "./fleet.module.css";

const ALL_CATEGORIES = "All";
/**
 * Cards laid out per step. The whole fleet is in the page at once, but laying
 * out two dozen cards (a thousand elements) in one go is a long task on a slow
 * phone: the cards after the first few skip rendering (content-visibility)
 * until their step comes, one step per frame.
 */
const CARDS_PER_STEP = 4;

type FleetGridProps = {
  /** Called when a visitor picks an available car. */
  onSelect: (car: Car) => void;
  /** The car chosen in the booking form, highlighted in the grid. */
  selectedCarId?: string | null;
};

const knownCategories: readonly string[] = KNOWN_CATEGORIES;

function categoryRank(category: string): number {
  const index = knownCategories.indexOf(category);
  return index === -1 ? knownCategories.length : index;
}

/**
 * Compares two names as text, ignoring case. (Not localeCompare: its first call
 * loads the locale's collation rules, a long task on a slow phone, and car
 * names and categories are plain ASCII.)
 */
function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The fleet grouped by category (the known ones first), by name within a category. */
export function orderFleet(cars: readonly Car[]): Car[] {
  return [...cars].sort(
    (a, b) =>
      categoryRank(a.category) - categoryRank(b.category) ||
      compareText(a.category, b.category) ||
      compareText(a.name, b.name),
  );
}

/** Categories in fleet order. */
function categoriesOf(cars: readonly Car[]): string[] {
  return [...new Set(cars.map((car) => car.category))];
}

/**
 * The fleet grid of the home #cars section. Renders from the browser's copy
 * of the fleet (so it works offline after one visit) and refreshes it from the
 * server on mount. Category chips filter the grid.
 */
export function FleetGrid({ onSelect, selectedCarId = null }: FleetGridProps) {
  // The fleet arrives as a transition (data/use-live-query.ts): the grid renders in slices.
  const cars = useCars();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  // "empty": the server listed no car; "done": it listed some, stored for the grid.
  const [refresh, setRefresh] = useState<"loading" | "done" | "empty" | "failed">("loading");

  const load = () => {
    setRefresh("loading");
    refreshCars().then(
      (result) => setRefresh(result === null ? "failed" : result.length === 0 ? "empty" : "done"),
      (error: unknown) => {
        // Offline or the server is down: the stored fleet (if any) stays on screen.
        console.warn("Could not refresh the fleet", error);
        setRefresh("failed");
      },
    );
  };
  useEffect(load, []);

  const ordered = useMemo(() => orderFleet(cars ?? []), [cars]);
  const categories = useMemo(() => categoriesOf(ordered), [ordered]);
  const shown = useMemo(
    () => ordered.filter((car) => category === ALL_CATEGORIES || car.category === category),
    [ordered, category],
  );
  const [laidOut, layOutAll] = useStepwiseCount(shown.length, CARDS_PER_STEP);
  // Scrolling to a section below (Select This Car) waits for every card's real height.
  useEffect(() => onRevealAllSections(layOutAll), [layOutAll]);
  const pending = laidOut < shown.length ? { [PENDING_SECTION_ATTRIBUTE]: "" } : {};

  // Still loading, or the server listed cars and their render is on its way: the stored
  // fleet reaches the grid as a transition, which may commit after the refresh's answer.
  if (cars === undefined || (cars.length === 0 && (refresh === "loading" || refresh === "done"))) {
    return (
      <div className={`${classes.fleet} ${classes.grid}`} aria-busy="true" aria-label="Loading the fleet">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className={classes.skeleton} />
        ))}
      </div>
    );
  }

  if (cars.length === 0 && refresh === "empty") {
    return (
      <div className={`${classes.fleet} ${classes.status}`} role="status">
        <Text fw={600}>No cars are listed at the moment.</Text>
        <Text c="dimmed" mt={4}>
          Please call us: we will find you a car.
        </Text>
      </div>
    );
  }

  if (cars.length === 0) {
    return (
      <div className={`${classes.fleet} ${classes.status}`} role="status">
        <Text fw={600}>The fleet could not be loaded.</Text>
        <Text c="dimmed" mt={4}>
          Check your connection and try again.
        </Text>
        <Button variant="light" mt="md" onClick={load}>
          Try Again
        </Button>
      </div>
    );
  }

  return (
    <div className={classes.fleet}>
      {categories.length > 1 && (
        <Chip.Group multiple={false} value={category} onChange={setCategory}>
          <Group gap="xs" className={classes.filters} role="group" aria-label="Filter by category">
            {[ALL_CATEGORIES, ...categories].map((name) => (
              <Chip key={name} value={name} variant="outline">
                {name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <div className={classes.grid} {...pending}>
        {shown.map((car, index) => (
          <FleetCard
            key={car.id}
            car={car}
            onSelect={onSelect}
            selected={car.id === selectedCarId}
            deferred={index >= laidOut}
          />
        ))}
      </div>
    </div>
  );
}
