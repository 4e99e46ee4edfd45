import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { contactToasts } from "@car-rental/shared/messages";
import type { ContactMessage } from "@car-rental/shared/schemas/contact";
import type { AppDeps } from "../../deps";
import { ValidationFailed } from "../../errors";
import { requestDb } from "../../middleware/request-db";
import { parseBody } from "../../middleware/validate";
import { limitContactMessages, sendContactMessage } from "../../services/contact/contact.service";
import { mount } from "../mount";

const REQUIRED_FIELDS = ["firstName", "lastName", "email", "message"] as const;

const isBlank = (value: unknown) => value == null || (typeof value === "string" && value.trim() === "");

/**
 * Parses a contact message. A required field left out or blank answers the
 * spec's §5 sentence, 'Please fill in all required fields.', with each
 * field's problem in the details; other problems (a malformed e-mail, an
 * unknown topic) keep their own message.
 */
function parseContactMessage(body: unknown): ContactMessage {
  const fields: Record<string, unknown> = typeof body === "object" && body !== null ? { ...body } : {};
  const missing = REQUIRED_FIELDS.some((field) => isBlank(fields[field]));
  try {
    return parseBody(routes.sendContactMessage.request, body);
  } catch (err) {
    if (missing && err instanceof ValidationFailed) {
      throw new ValidationFailed(contactToasts.missingFields.description, err.details);
    }
    throw err;
  }
}

/** `POST /api/contact`: stored, the business notified by mail; 201 `{ok, id, createdAt}`. */
export function publicContactRoutes(deps: AppDeps): Router {
  const router = new Router();
  mount(
    router,
    routes.sendContactMessage,
    async (ctx, input) => {
      const db = requestDb(ctx);
      await limitContactMessages(db, ctx.ip, deps.clock.now(), deps.config.rateLimitScale);
      const message = input();
      ctx.status = 201;
      ctx.body = await sendContactMessage(deps, db, message);
    },
    { parse: parseContactMessage },
  );
  return router;
}
