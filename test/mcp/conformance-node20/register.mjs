// Loaded with `node --import` to run the MCP conformance runner on Node.js 20: see hooks.mjs.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
