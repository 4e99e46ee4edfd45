import { readFileSync } from "node:fs";
import http from "node:http";
import Koa from "koa";
import { parseCapturedAnswer } from "./captured-answer";
import { benchSettings } from "./env";

/**
 * The ceiling, measured in the same run: a bare Koa app answering either a
 * small JSON body or, when CEILING_ANSWER_FILE names an answer captured from
 * the real server (see captured-answer.ts), exactly those bytes with those
 * headers (the same compressed body as `GET /api/cars`).
 */
const answerFile = benchSettings.ceilingAnswerFile;
const captured = answerFile ? parseCapturedAnswer(readFileSync(answerFile, "utf8")) : null;
const app = new Koa();
app.use((ctx) => {
  if (ctx.path === "/api/health") {
    ctx.body = { status: "ok" };
    return;
  }
  if (!captured) {
    ctx.body = { hello: "world", items: [1, 2, 3] };
    return;
  }
  ctx.set(captured.headers);
  ctx.body = captured.body;
});
const port = Number(process.argv[2] ?? process.env.PORT ?? 3999);
http.createServer(app.callback()).listen(port, "127.0.0.1");
