/** Contact messages sent from the home page's form (`POST /api/contact`). */
import * as z from "zod";
import { CONTACT_TOPICS } from "../constants";
import { validationMessages } from "../messages";
import { emailSchema, idSchema, optionalText, requiredText, textLimits, timestampSchema } from "./common";

export const contactTopicSchema = z.enum(CONTACT_TOPICS);

/**
 * First name, last name, e-mail and message are required (non-blank); phone
 * and subject are optional and come out as null when blank.
 */
export const contactMessageSchema = z.object({
  firstName: requiredText(textLimits.name),
  lastName: requiredText(textLimits.name),
  email: emailSchema,
  phone: optionalText(textLimits.phone),
  subject: z
    .union([contactTopicSchema, z.literal("")], { error: validationMessages.invalidInput })
    .nullish()
    .transform((value) => (value ? value : null)),
  message: requiredText(textLimits.message),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactMessageBody = z.input<typeof contactMessageSchema>;

/** Messages the admin's Messages screen reads from the server at a time. */
export const CONTACT_MESSAGES_PER_PAGE = 25;

/** `GET /api/admin/messages?limit=&offset=`: newest first. */
export const contactMessageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

/** A stored contact message, as the admin reads it. */
export const contactMessageRecordSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: timestampSchema,
});
export type ContactMessageRecord = z.infer<typeof contactMessageRecordSchema>;
