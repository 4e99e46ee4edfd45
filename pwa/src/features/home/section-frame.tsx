import type { ReactNode } from "react";
import { Container, Text, Title } from "../../lib/light-ui";
import classes from "./home.module.css";

type SectionFrameProps = {
  /** The anchor id the header and footer link to. */
  id: string;
  eyebrow: string;
  title: string;
  description?: ReactNode;
  /** "muted" gives the section a tinted background, to alternate with plain ones. */
  tone?: "plain" | "muted";
  children?: ReactNode;
};

/**
 * A home page section with its anchor, heading and intro. The frame renders
 * eagerly, so anchor links always find their target; the content inside may
 * load lazily.
 */
export function SectionFrame({
  id,
  eyebrow,
  title,
  description,
  tone = "plain",
  children,
}: SectionFrameProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={classes.section} data-tone={tone}>
      <Container>
        <div className={classes.sectionIntro}>
          <Text className={classes.eyebrow}>{eyebrow}</Text>
          <Title order={2} id={headingId}>
            {title}
          </Title>
          {description !== undefined && (
            <Text dimmed size="lg" className={classes.sectionDescription}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Container>
    </section>
  );
}
