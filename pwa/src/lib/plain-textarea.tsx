import { InputBase, type ElementProps, type InputBaseProps } from "@mantine/core";
import type { Ref } from "react";

type PlainTextareaProps = InputBaseProps &
  ElementProps<"textarea", "size"> & { ref?: Ref<HTMLTextAreaElement> };

/**
 * Mantine's Textarea (same look, label, error and class names) without its
 * autosize script, which the public pages would otherwise load for two
 * fields that do not grow (issue #23's idle budget): a fixed number of rows.
 */
export function PlainTextarea(props: PlainTextareaProps) {
  return <InputBase component="textarea" multiline __staticSelector="Textarea" {...props} />;
}
