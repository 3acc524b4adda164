import type { FastifyInstance } from "fastify";
import type { RestOptions } from "./index.js";

export function analystRoutes(_app: FastifyInstance, _opts: RestOptions) {}
