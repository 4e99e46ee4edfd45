/**
 * Mantine's Card, TextInput, loading Button and Loader as plain elements with
 * the markup Mantine renders for them (see light-ui.tsx for the idea): the
 * My booking page's form is part of its prerendered HTML, and hydrates
 * without Mantine's run time, react-hook-form or zod. light-form.test.tsx
 * checks each configuration used against Mantine's own markup.
 *
 * Apart from light-ui.tsx, which the first view of every page loads: only the
 * pages with such a form load this.
 */
import "./light-form.css";
import { useId, type CSSProperties, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { buttonLook, withVars, type ButtonLook } from "./light-ui";

/** Mantine's Card with a border, radius md and padding lg. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <div
      style={withVars({
        "--paper-radius": "var(--mantine-radius-md)",
        "--card-padding": "var(--mantine-spacing-lg)",
      })}
      className="m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root"
      data-with-border="true"
      data-orientation="vertical"
    >
      {children}
    </div>
  );
}

/** Mantine's default Loader (oval), sized and coloured by CSS variables when given. */
export function Loader({ style }: { style?: CSSProperties }) {
  return <span style={style} className="m_b34414df m_5ae2e3c mantine-Loader-root" />;
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "className" | "style" | "size" | "aria-invalid" | "aria-describedby"
>;

type TextInputProps = InputProps & {
  label: string;
  description?: string;
  /** Shown under the input, which is then marked invalid. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

const HINT_SIZE = "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))";
const HALF_XS = "calc(var(--mantine-spacing-xs) / 2)";

/** Mantine's TextInput (size sm): label (with the asterisk when required), description, input, error. */
export function TextInput({ label, description, error, required, inputRef, ...input }: TextInputProps) {
  const id = `mantine-${useId().replace(/:/g, "")}`;
  const invalid = error !== undefined && error !== "";
  const hasDescription = description !== undefined && description !== "";
  // Mantine's order: the error's id, (a success message's), the description's.
  const describedBy = `${invalid ? `${id}-error` : ""}  ${hasDescription ? `${id}-description` : ""}`.trim();
  const wrapperStyle = withVars({
    ...(hasDescription ? { "--input-margin-top": HALF_XS } : {}),
    ...(invalid ? { "--input-margin-bottom": HALF_XS } : {}),
    "--input-height": "var(--input-height-sm)",
    "--input-fz": "var(--mantine-font-size-sm)",
  });
  return (
    <div
      className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
      data-size="sm"
      data-error={invalid ? "true" : undefined}
    >
      <label
        style={withVars({ "--input-label-size": "var(--mantine-font-size-sm)" })}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
        data-size="sm"
        data-required={required ? "true" : undefined}
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
        {required && (
          <span
            className="m_78a94662 mantine-InputWrapper-required mantine-TextInput-required"
            aria-hidden="true"
          >
            {" *"}
          </span>
        )}
      </label>
      {hasDescription && (
        <p
          style={withVars({ "--input-description-size": HINT_SIZE })}
          className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
          data-size="sm"
          id={`${id}-description`}
        >
          {description}
        </p>
      )}
      <div
        style={wrapperStyle}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={invalid ? "true" : undefined}
      >
        <input
          {...input}
          ref={inputRef}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={invalid ? "true" : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy === "" ? undefined : describedBy}
          required={required}
          id={id}
        />
      </div>
      {invalid && (
        <p
          style={withVars({ "--input-error-size": HINT_SIZE })}
          className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"
          data-size="sm"
          id={`${id}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** Where Mantine's Button puts its loader: centred over the label, which it hides. */
const BUTTON_LOADER_STYLE: CSSProperties = {
  transitionProperty: "transform, opacity",
  WebkitBackfaceVisibility: "hidden",
  transitionDuration: "150ms",
  transitionTimingFunction: "ease",
  transformOrigin: "center",
  opacity: 1,
  transform: "translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))",
};

type SubmitButtonProps = {
  look?: Omit<ButtonLook, "withLeftSection" | "withRightSection">;
  leftSection?: ReactNode;
  /** Mantine's `loading`: disabled, with a loader in place of the label. */
  loading: boolean;
  children: ReactNode;
};

/** Mantine's Button as a form's submit button, with its loading state. */
export function SubmitButton({ look, leftSection, loading, children }: SubmitButtonProps) {
  const { className, ...attributes } = buttonLook({ ...look, withLeftSection: leftSection !== undefined });
  return (
    <button
      type="submit"
      {...attributes}
      // Mantine drops its pressed effect from a button that is loading.
      className={loading ? className.replace("mantine-active ", "") : className}
      data-loading={loading ? "true" : undefined}
      disabled={loading}
    >
      {loading && (
        <span style={BUTTON_LOADER_STYLE} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <Loader
            style={withVars({
              "--loader-size": "calc(var(--button-height) / 1.8)",
              "--loader-color": "var(--button-color)",
            })}
          />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection !== undefined && (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        )}
        <span className="m_811560b9 mantine-Button-label" data-loading={loading ? "true" : undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}
