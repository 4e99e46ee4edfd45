import { Card, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./booking-form.module.css";

/** One numbered card of the booking form. */
export function FormCard({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const id = `booking-card-${step}`;
  return (
    <Card component="section" aria-labelledby={id} className={classes.card} padding="lg">
      <div className={classes.cardHeading}>
        <span className={classes.step} aria-hidden="true">
          {step}
        </span>
        <Title order={3} id={id} className={classes.cardTitle}>
          {title}
        </Title>
      </div>
      {children}
    </Card>
  );
}
