/**
 * The admin area's API client: the app's client (same origin) with the whole
 * route table at hand, so an admin call does not first load the admin
 * routes' schemas (the public client, `api-client.ts`'s `api`, holds only
 * the public routes).
 */
import { routes } from "@car-rental/shared/api";
import { ApiClient } from "./api-client";

export const adminApi = new ApiClient({ routes });
