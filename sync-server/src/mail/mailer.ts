import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { MailAttachment } from "./mail-outbox";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null | undefined;
  attachments?: MailAttachment[] | undefined;
};

export type Mailer = {
  /** `smtp`: sent to SMTP_URL; `file`: written as .eml files under `<dataDir>/mail/`. */
  kind: "smtp" | "file";
  /** Sends one mail; rejects when the mail could not be handed over. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
};

/** Timeouts short enough that a hanging mail server never holds a delivery round for long. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mail sender: SMTP when `smtpUrl` is configured (e.g.
 * `smtps://user:pass@smtp.example.com`), otherwise `.eml` files under
 * `<dataDir>/mail/` so a fresh machine works without a mail server.
 */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">): Mailer {
  const message = (mail: OutgoingMail) => ({
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  });

  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: "smtp",
      async send(mail) {
        const info = await transport.sendMail(message(mail));
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const folder = path.join(config.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      if (!Buffer.isBuffer(info.message)) throw new Error("the mail was not composed into a buffer");
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(path.join(folder, `${stamp}-${randomUUID()}.eml`), info.message, { flag: "wx" });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
