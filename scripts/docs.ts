/** npm run docs: rewrites the generated tables of docs/tool-catalogue.md from the registries. */
import { readFileSync, writeFileSync } from "node:fs";
import { withAgentSurfaceTables } from "../gateway/docs/tool-catalogue-tables.js";

const file = new URL("../docs/tool-catalogue.md", import.meta.url);
writeFileSync(file, withAgentSurfaceTables(readFileSync(file, "utf8")));
console.log("docs/tool-catalogue.md: tables rewritten from the registries");
