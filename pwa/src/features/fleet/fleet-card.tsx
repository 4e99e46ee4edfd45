import { Badge, Button, Card } from "@mantine/core";
import { memo, type SyntheticEvent } from "react";
import { depositAmount } from "@car-rental/shared/deposit";
import { formatPeso } from "@car-rental/shared/money";
import type { Car } from "@car-rental/shared/schemas/car";
import { CAR_PICTURE_HEIGHT, CAR_PICTURE_WIDTH, DEFAULT_CAR_PICTURE, carPictureUrl } from "./car-picture";
import { categoryBadge, categoryBadgeColor } from "./category-badge";
import classes from "./fleet.module.css";

type FleetCardProps = {
  car: Car;
  /** Called with the car when 'Select This Car' is pressed. */
  onSelect: (car: Car) => void;
  /** The car currently chosen in the booking form. */
  selected?: boolean;
  /** Not laid out yet unless on screen (see FleetGrid); it is in the page all the same. */
  deferred?: boolean;
};

/** Falls back to the default picture once, when a car's picture cannot be loaded. */
export function showDefaultPicture(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  if (!image.src.endsWith(DEFAULT_CAR_PICTURE)) image.src = DEFAULT_CAR_PICTURE;
}

/**
 * One car of the fleet (spec §2 "Fleet card", §4): name, category, picture,
 * daily rate, seats, transmission and fuel. An available car has its category
 * badge and 'Select This Car'; an unavailable one is greyed, marked
 * 'Currently Booked' and cannot be selected.
 *
 * Memoized: the grid re-renders at each layout step and selection, and a card
 * (a dozen Mantine components) renders again only when its own props change.
 */
export const FleetCard = memo(function FleetCard({
  car,
  onSelect,
  selected = false,
  deferred = false,
}: FleetCardProps) {
  const badge = categoryBadge(car.category);
  const titleId = `car-${car.id}-name`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      data-available={car.available}
      data-selected={selected}
      data-deferred={deferred || undefined}
      padding="lg"
    >
      <Card.Section className={classes.media}>
        <img
          className={classes.picture}
          src={carPictureUrl(car.image)}
          alt={`${car.name}, ${car.category}`}
          width={CAR_PICTURE_WIDTH}
          height={CAR_PICTURE_HEIGHT}
          loading="lazy"
          decoding="async"
          onError={showDefaultPicture}
        />
        <div className={classes.badges}>
          {car.available ? (
            <Badge color={categoryBadgeColor(badge)} autoContrast variant="filled" size="md">
              {badge}
            </Badge>
          ) : (
            <Badge color="red.9" variant="filled" size="md">
              Unavailable
            </Badge>
          )}
        </div>
        {!car.available && (
          <div className={classes.overlay}>
            <span className={classes.overlayText}>Currently Booked</span>
          </div>
        )}
      </Card.Section>

      <div className={classes.body}>
        <div className={classes.headline}>
          <div className={classes.heading}>
            <h3 id={titleId} className={classes.name}>
              {car.name}
            </h3>
            <p className={classes.category}>{car.category}</p>
          </div>
          <p className={classes.rate}>{formatPeso(car.dailyRate)}/day</p>
        </div>

        <ul className={classes.specs} aria-label="Specifications">
          <li className={classes.seats}>{car.seats} seats</li>
          <li className={classes.transmission}>{car.transmission}</li>
          <li className={classes.fuel}>{car.fuel}</li>
        </ul>
        {depositAmount(car.deposit) ? (
          <p className={classes.deposit} data-testid="car-deposit">
            Deposit {depositAmount(car.deposit)}, refundable
          </p>
        ) : null}
      </div>

      {car.available ? (
        <Button fullWidth mt="auto" onClick={() => onSelect(car)} aria-describedby={titleId}>
          Select This Car
        </Button>
      ) : (
        <Button fullWidth mt="auto" disabled aria-describedby={titleId}>
          Currently Unavailable
        </Button>
      )}
    </Card>
  );
});
