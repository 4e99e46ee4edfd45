import {
  get,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";

/** What a Mantine input (TextInput, Textarea, NativeSelect…) takes to be one field of a form. */
export type FieldProps<N extends string> = UseFormRegisterReturn<N> & {
  error: string | undefined;
  "aria-invalid": boolean | undefined;
};

function messageOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("message" in error)) return undefined;
  return typeof error.message === "string" && error.message !== "" ? error.message : undefined;
}

/**
 * The app's one way to wire a Mantine input to react-hook-form: the input
 * stays uncontrolled (registered, so typing does not re-render the form) and
 * shows the field's error message under it.
 *
 *   <TextInput label="Email" {...field(form, "email")} />
 */
export function field<T extends FieldValues, C, O, N extends FieldPath<T>>(
  form: Pick<UseFormReturn<T, C, O>, "register" | "formState">,
  name: N,
  options?: RegisterOptions<T, N>,
): FieldProps<N> {
  // get() follows a dotted path ("documents.photoId1") into the errors object.
  const error = messageOf(get(form.formState.errors, name));
  // Said explicitly: Mantine's PasswordInput does not mark its input invalid itself.
  return { ...form.register(name, options), error, "aria-invalid": error ? true : undefined };
}
