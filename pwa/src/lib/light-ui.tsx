/**
 * The few Mantine components of the first view (site header and footer, the
 * home page's hero and section frames), as plain elements with the markup
 * Mantine renders for them: the same classes of Mantine's stylesheets (loaded
 * by styles/mantine.ts), data attributes and CSS variables. Mantine's own
 * components bring its run time (Box, style props, the styles API, variant
 * colours, transitions: some 14 KB gzipped) into the first view; these look
 * the same and need none of it. light-ui.test.tsx checks each configuration
 * used against Mantine's own markup, so a Mantine update cannot silently
 * change one side.
 *
 * Only what the first view uses is here; every other screen uses Mantine.
 */
import type { CSSProperties, ReactNode } from "react";

export type Vars = Record<`--${string}`, string>;
/** A style object with CSS variables (React passes custom properties through). */
export const withVars = (vars: Vars, style?: CSSProperties): CSSProperties => ({ ...vars, ...style });

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

const BORDER_WIDTH = "calc(0.0625rem * var(--mantine-scale))";
const UNSTYLED_BUTTON = "m_87cf2631 mantine-UnstyledButton-root";

/** The colour variables of Mantine's default variant resolver, for the variants used here. */
type Variant = "filled" | "default" | "subtle" | "light";

function variantVars(prefix: string, variant: Variant, color: "brand" | "gray" | "orange"): Vars {
  switch (variant) {
    case "filled":
      // The primary colour's filled variant is the stylesheet's default: only the text colour is set.
      return { [`--${prefix}-color`]: "var(--mantine-color-white)" };
    case "default":
      return {
        [`--${prefix}-bg`]: "var(--mantine-color-default)",
        [`--${prefix}-hover`]: "var(--mantine-color-default-hover)",
        [`--${prefix}-color`]: "var(--mantine-color-default-color)",
        [`--${prefix}-bd`]: `${BORDER_WIDTH} solid var(--mantine-color-default-border)`,
      };
    case "subtle":
      return {
        [`--${prefix}-bg`]: "transparent",
        [`--${prefix}-hover`]: `var(--mantine-color-${color}-light-hover)`,
        [`--${prefix}-color`]: `var(--mantine-color-${color}-light-color)`,
        [`--${prefix}-bd`]: `${BORDER_WIDTH} solid transparent`,
      };
    case "light":
      return {
        [`--${prefix}-bg`]: `var(--mantine-color-${color}-light)`,
        [`--${prefix}-hover`]: `var(--mantine-color-${color}-light-hover)`,
        [`--${prefix}-color`]: `var(--mantine-color-${color}-light-color)`,
        [`--${prefix}-bd`]: `${BORDER_WIDTH} solid transparent`,
      };
  }
}

const withoutHover = (vars: Vars): Vars =>
  Object.fromEntries(Object.entries(vars).filter(([name]) => !name.endsWith("-hover")));

export type ButtonLook = {
  variant?: Variant;
  color?: "brand" | "gray";
  size?: "xs" | "sm" | "md" | "lg" | "compact-sm";
  fullWidth?: boolean;
  className?: string;
  style?: CSSProperties;
  withLeftSection?: boolean;
  withRightSection?: boolean;
};

/** The attributes of Mantine's Button root, to spread on a <button>, an <a> or an AnchorLink. */
export function buttonLook({
  variant = "filled",
  color = "brand",
  size = "sm",
  fullWidth = false,
  className,
  style,
  withLeftSection = false,
  withRightSection = false,
}: ButtonLook = {}) {
  const fontSize = size.replace("compact-", "");
  return {
    className: cx(
      "mantine-focus-auto mantine-active",
      className,
      "m_77c9d27d mantine-Button-root",
      UNSTYLED_BUTTON,
    ),
    style: withVars(
      {
        "--button-height": `var(--button-height-${size})`,
        "--button-padding-x": `var(--button-padding-x-${size})`,
        "--button-fz": `var(--mantine-font-size-${fontSize})`,
        "--button-radius": "var(--mantine-radius-md)",
        ...variantVars("button", variant, color),
      },
      style,
    ),
    "data-variant": variant === "filled" ? undefined : variant,
    "data-size": size,
    "data-block": fullWidth ? "true" : undefined,
    "data-with-left-section": withLeftSection ? "true" : undefined,
    "data-with-right-section": withRightSection ? "true" : undefined,
  };
}

/** What Mantine's Button renders inside its root. */
export function ButtonInner({
  leftSection,
  rightSection,
  children,
}: {
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      {leftSection !== undefined && (
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {leftSection}
        </span>
      )}
      <span className="m_811560b9 mantine-Button-label">{children}</span>
      {rightSection !== undefined && (
        <span className="m_a74036a mantine-Button-section" data-position="right">
          {rightSection}
        </span>
      )}
    </span>
  );
}

/** Mantine's ActionIcon (variant default, size lg, radius md): a square icon button. */
export function actionIconLook({ className }: { className?: string } = {}) {
  return {
    className: cx(
      "mantine-focus-auto mantine-active",
      className,
      "m_8d3f4000 mantine-ActionIcon-root",
      UNSTYLED_BUTTON,
    ),
    style: withVars({
      "--ai-size": "var(--ai-size-lg)",
      "--ai-radius": "var(--mantine-radius-md)",
      ...variantVars("ai", "default", "brand"),
    }),
    "data-variant": "default",
    "data-size": "lg",
  };
}

/** What Mantine's ActionIcon renders inside its root. */
export function ActionIconInner({ children }: { children: ReactNode }) {
  return <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>;
}

/** Mantine's Burger (size sm) as a button; its lines are drawn by Mantine's stylesheet. */
export function burgerLook({ className, opened }: { className?: string; opened: boolean }) {
  return {
    className: cx("mantine-focus-auto", className, "m_fea6bf1a mantine-Burger-root", UNSTYLED_BUTTON),
    style: withVars({ "--burger-size": "var(--burger-size-sm)" }),
    "data-size": "sm",
    children: (
      <div
        className="m_d4fb9cad mantine-Burger-burger"
        data-opened={opened ? "true" : undefined}
        data-reduce-motion="true"
      />
    ),
  };
}

type BadgeProps = {
  size: "xs" | "lg";
  color: "brand" | "orange";
  radius?: "xl";
  className?: string;
  children: ReactNode;
};

/** Mantine's Badge, variant light. */
export function Badge({ size, color, radius, className, children }: BadgeProps) {
  const vars: Vars = {
    "--badge-height": `var(--badge-height-${size})`,
    "--badge-padding-x": `var(--badge-padding-x-${size})`,
    "--badge-fz": `var(--badge-fz-${size})`,
    ...(radius ? { "--badge-radius": `var(--mantine-radius-${radius})` } : {}),
    // A badge has no hover colour.
    ...withoutHover(variantVars("badge", "light", color)),
  };
  return (
    <div
      style={withVars(vars)}
      className={cx(className, "m_347db0ec mantine-Badge-root")}
      data-variant="light"
      data-size={size}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

/** Mantine's Container, size lg (the theme's default) unless given. */
export function Container({
  size = "lg",
  className,
  style,
  children,
}: {
  size?: "sm" | "md" | "lg";
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      style={withVars({ "--container-size": `var(--container-size-${size})` }, style)}
      className={cx(className, "m_7485cace mantine-Container-root")}
      data-size={size}
      data-strategy="block"
    >
      {children}
    </div>
  );
}

type TextProps = {
  size?: "sm" | "lg";
  dimmed?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
};

/** Mantine's Text: a paragraph in the theme's type scale. */
export function Text({ size, dimmed = false, className, style, children }: TextProps) {
  const vars: Vars = size
    ? { "--text-fz": `var(--mantine-font-size-${size})`, "--text-lh": `var(--mantine-line-height-${size})` }
    : {};
  return (
    <p
      style={withVars(vars, dimmed ? { color: "var(--mantine-color-dimmed)", ...style } : style)}
      className={cx("mantine-focus-auto", className, "m_b6d8b162 mantine-Text-root")}
      data-size={size}
    >
      {children}
    </p>
  );
}

type TitleProps = {
  order: 1 | 2;
  id?: string;
  className?: string;
  children: ReactNode;
};

/** Mantine's Title: a heading in the theme's heading sizes. */
export function Title({ order, id, className, children }: TitleProps) {
  const Heading = order === 1 ? "h1" : "h2";
  return (
    <Heading
      style={withVars({
        "--title-fw": `var(--mantine-h${order}-font-weight)`,
        "--title-lh": `var(--mantine-h${order}-line-height)`,
        "--title-fz": `var(--mantine-h${order}-font-size)`,
      })}
      className={cx(className, "m_8a5d1357 mantine-Title-root")}
      data-order={order}
      id={id}
    >
      {children}
    </Heading>
  );
}

/** Mantine's Stack, with gap sm unless given (a theme spacing, or pixels as Mantine's `gap={4}`). */
export function Stack({ gap = "sm", children }: { gap?: "sm" | "md" | "lg" | number; children: ReactNode }) {
  return (
    <div
      style={withVars({
        "--stack-gap":
          typeof gap === "number"
            ? `calc(${gap / 16}rem * var(--mantine-scale))`
            : `var(--mantine-spacing-${gap})`,
        "--stack-align": "stretch",
        "--stack-justify": "flex-start",
      })}
      className="m_6d731127 mantine-Stack-root"
    >
      {children}
    </div>
  );
}

/** Mantine's Group with gap sm, wrapping. */
export function Group({
  className,
  style,
  children,
}: {
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      style={withVars(
        {
          "--group-gap": "var(--mantine-spacing-sm)",
          "--group-align": "center",
          "--group-justify": "flex-start",
          "--group-wrap": "wrap",
        },
        style,
      )}
      className={cx(className, "m_4081bf90 mantine-Group-root")}
    >
      {children}
    </div>
  );
}

/** Mantine's SimpleGrid root; its columns and spacing come from `className` (a CSS module). */
export function SimpleGrid({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx("m_2415a157 mantine-SimpleGrid-root", className)}>{children}</div>;
}

/** Mantine's VisuallyHidden. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root">{children}</span>;
}

/** The attributes of Mantine's Anchor (underlined on hover), to spread on an <a>. */
export function anchorLook({ className }: { className?: string } = {}) {
  return {
    className: cx(
      "mantine-focus-auto m_849cf0da",
      className,
      "m_b6d8b162 mantine-Text-root mantine-Anchor-root",
    ),
    "data-underline": "hover",
  };
}
