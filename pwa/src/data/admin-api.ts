/**
 * The admin area's API client: the app's client, with the admin routes made
 * callable (`api-client.ts` knows only the public ones until this module is
 * loaded, so a visitor's browser does not load the admin routes' schemas).
 */
import { routes } from "@car-rental/shared/api";
import { addRoutes, api } from "./api-client";

addRoutes(routes);

export const adminApi = api;
