import http from "node:http";
import Koa from "koa";

/** The ceiling: a bare Koa app answering a small JSON body, measured in the same run. */
const app = new Koa();
app.use((ctx) => {
  ctx.body = ctx.path === "/api/health" ? { status: "ok" } : { hello: "world", items: [1, 2, 3] };
});
const port = Number(process.argv[2] ?? process.env.PORT ?? 3999);
http.createServer(app.callback()).listen(port, "127.0.0.1");
