import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { requestDb } from "../../middleware/request-db";
import { parse, recordId } from "../../middleware/validate";
import {
  CONTACT_MESSAGE_NOT_FOUND,
  getContactMessage,
  listContactMessages,
} from "../../services/contact/contact-messages";
import { mount } from "../mount";

/** Release 2 §D4: the contact messages visitors sent, which the owner's notifications open. */
export function adminMessageRoutes(): Router {
  const router = new Router();

  mount(router, routes.listContactMessages, async (ctx) => {
    const query = parse(routes.listContactMessages.query, ctx.query);
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listContactMessages(requestDb(ctx), query);
  });

  mount(router, routes.getContactMessage, async (ctx) => {
    const id = recordId(ctx.params, CONTACT_MESSAGE_NOT_FOUND);
    ctx.set("Cache-Control", "no-store");
    ctx.body = await getContactMessage(requestDb(ctx), id);
  });

  return router;
}
