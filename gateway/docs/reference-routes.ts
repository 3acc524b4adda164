/**
 * GET /docs: an interactive reference of the REST API, rendered in the browser by Swagger UI from the served
 * OpenAPI document, public like /api/contract. The page and its assets come from this service only, and a
 * Content-Security-Policy keeps it that way: scripts, styles, images and requests from this origin alone.
 */
import type { FastifyInstance } from "fastify";
import { errorResponse } from "../schemas/common.js";
import { referenceAsset } from "./reference-assets.js";

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets inline style attributes on its elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const referencePage = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<>&"]/g, "")} API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
<noscript>This reference needs JavaScript. The same description is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/reference.js"></script>
</body>
</html>
`;

export async function referenceRoutes(app: FastifyInstance, { title }: { title: string }) {
  const page = referencePage(title);

  app.get("/docs", { config: { public: true } }, async (_request, reply) =>
    reply
      .header("content-security-policy", CSP)
      .header("cache-control", "public, max-age=60")
      .type("text/html; charset=utf-8")
      .send(page),
  );

  app.get<{ Params: { asset: string } }>(
    "/docs/:asset",
    {
      config: { public: true },
      schema: {
        params: { type: "object", properties: { asset: { type: "string", maxLength: 64 } } },
        response: { 404: errorResponse },
      },
    },
    async (request, reply) => {
      const found = referenceAsset(request.params.asset);
      if (!found) return reply.code(404).send({ error: `no such file: /docs/${request.params.asset}` });
      reply
        .header("cache-control", "public, max-age=3600")
        .header("etag", found.etag)
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === found.etag) return reply.code(304).send();
      return reply.type(found.type).send(found.body);
    },
  );
}
