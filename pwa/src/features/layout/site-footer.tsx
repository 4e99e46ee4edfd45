import { IconClock, IconMail, IconMapPin, IconPhone } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { contactSettings, PCC_NAME } from "@car-rental/shared/site";
import { anchorLook, Container, SimpleGrid, Stack, Text, Title } from "../../lib/light-ui";
import { useHydrated } from "../../lib/prerender/hydration";
import { AnchorLink } from "./anchor-link";
import { LogoMark } from "./logo";
import { FOOTER_QUICK_LINKS } from "./nav-entries";
import classes from "./site-footer.module.css";

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.contactLine}>
      <span className={classes.contactIcon} aria-hidden="true">
        {icon}
      </span>
      <div>{children}</div>
    </div>
  );
}

/** This year in the browser; none in the HTML prerendered at build time (it may be read in another year). */
function useCurrentYear(): number | null {
  return useHydrated() ? new Date().getFullYear() : null;
}

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className={classes.footer}>
      <Container style={{ paddingBlock: "calc(3.5rem * var(--mantine-scale))" }}>
        <SimpleGrid className={classes.columns}>
          <Stack>
            <div className={classes.brand}>
              <LogoMark size={36} />
              <Text style={{ fontSize: "var(--mantine-font-size-lg)", fontWeight: 800 }}>
                {contactSettings.name}
              </Text>
            </div>
            <Text size="sm" dimmed style={{ maxWidth: "calc(18.75rem * var(--mantine-scale))" }}>
              Well-kept cars, vans and SUVs for self-drive or with a professional driver, from Alaminos City
              to anywhere in Luzon.
            </Text>
          </Stack>

          <nav aria-label="Quick links">
            <Title order={2} className={classes.heading}>
              Quick Links
            </Title>
            <ul className={classes.linkList}>
              {FOOTER_QUICK_LINKS.map((entry) => (
                <li key={entry.label}>
                  {entry.kind === "anchor" ? (
                    <AnchorLink section={entry.section} className={classes.link}>
                      {entry.label}
                    </AnchorLink>
                  ) : entry.kind === "page" ? (
                    <a href={entry.href} className={classes.link}>
                      {entry.label}
                    </a>
                  ) : null}
                </li>
              ))}
              <li>
                <a href="/pcc" className={classes.link}>
                  {PCC_NAME}
                </a>
              </li>
            </ul>
          </nav>

          <div>
            <Title order={2} className={classes.heading}>
              Contact Us
            </Title>
            <Stack>
              <ContactLine icon={<IconMapPin size={18} />}>
                <a
                  href={contactSettings.mapsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  {...anchorLook({ className: classes.link })}
                >
                  {contactSettings.address}
                </a>
              </ContactLine>
              <ContactLine icon={<IconPhone size={18} />}>
                {contactSettings.phones.map((phone) => (
                  <div key={phone}>
                    <a href={`tel:${phone.replace(/\s+/g, "")}`} className={classes.link}>
                      {phone}
                    </a>
                  </div>
                ))}
              </ContactLine>
              <ContactLine icon={<IconMail size={18} />}>
                <a href={`mailto:${contactSettings.email}`} className={classes.link}>
                  {contactSettings.email}
                </a>
              </ContactLine>
            </Stack>
          </div>

          <div>
            <Title order={2} className={classes.heading}>
              Opening Hours
            </Title>
            <ContactLine icon={<IconClock size={18} />}>
              <Text size="sm">{contactSettings.hours}</Text>
              <Text size="sm" dimmed style={{ marginTop: "calc(0.25rem * var(--mantine-scale))" }}>
                Roadside help for renters 24/7 on the phone numbers above.
              </Text>
            </ContactLine>
          </div>
        </SimpleGrid>

        <div className={classes.bottom}>
          <Text size="sm" dimmed>
            © {year === null ? "" : `${year} `}
            {contactSettings.name}. All rights reserved.
          </Text>
          <Text size="sm" dimmed>
            Prices in Philippine pesos (₱). Fully insured rentals.
          </Text>
        </div>
      </Container>
    </footer>
  );
}
