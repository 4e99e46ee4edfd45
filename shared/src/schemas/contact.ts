/** Contact messages sent from the home page's form (`POST /api/contact`). */
import * as z from "zod";
import { CONTACT_TOPICS } from "../constants";
import { validationMessages } from "../messages";
import { emailSchema, optionalText, requiredText, textLimits } from "./common";

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
