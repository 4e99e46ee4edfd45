import { createFileRoute } from "@tanstack/react-router";
import { PccPage } from "../features/pcc/pcc-page";

export const Route = createFileRoute("/pcc")({
  component: PccPage,
});
