import { Anchor, Container, Text, Title } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";
import classes from "./legal.module.css";

export type LegalSection = {
  id: string;
  heading: string;
  body: ReactNode;
};

type LegalDocumentProps = {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
};

/** A readable legal page: title, contents with in-page links, numbered sections. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <Container size="md" py={{ base: 40, md: 64 }}>
      <article className={classes.doc}>
        <div className={classes.header}>
          <Title order={1} fz={{ base: 32, md: 44 }}>
            {title}
          </Title>
          <Text c="dimmed" mt="xs">
            Last updated: {lastUpdated}
          </Text>
          <div className={classes.intro}>{intro}</div>
        </div>
        <nav aria-label="Contents" className={classes.toc}>
          <Text fw={700} mb="xs">
            Contents
          </Text>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <Anchor href={`#${section.id}`} onClick={(event) => jumpTo(event, section.id)}>
                  {section.heading}
                </Anchor>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className={classes.section}
          >
            <Title order={2} id={`${section.id}-heading`} className={classes.sectionTitle}>
              <span className={classes.number}>{index + 1}.</span> {section.heading}
            </Title>
            <div className={classes.body}>{section.body}</div>
          </section>
        ))}
      </article>
    </Container>
  );
}

/** In-page contents links scroll without handing the hash to the router. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: "smooth", block: "start" });
}
