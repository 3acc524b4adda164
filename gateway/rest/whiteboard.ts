import type { FastifyInstance } from "fastify";
import type { RestOptions } from "./index.js";

export function whiteboardRoutes(_app: FastifyInstance, _opts: RestOptions) {}
