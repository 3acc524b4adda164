import type { FastifyInstance } from "fastify";
import type { RestOptions } from "./index.js";

export function portfolioRoutes(_app: FastifyInstance, _opts: RestOptions) {}
