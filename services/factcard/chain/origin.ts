/**
 * The `origin` of a provenance link (spec §2.13): the project identifier of this service. The configuration names
 * the project (PROJECT_NAME) but carries no separate identifier, so the identifier is the name as a slug
 * (lowercase letters and digits joined by single hyphens): stable for as long as the project keeps its name, and
 * the same in every process of a deployment.
 */
import type { Config } from "../../../lib/config/config.js";

export function projectOrigin(project: Config["project"]): string {
  // A configuration that grows an explicit identifier (project.id) takes precedence over the derived one.
  const explicit = (project as { id?: unknown }).id;
  if (typeof explicit === "string" && explicit !== "") return explicit;
  const slug = project.name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "institute" : slug;
}
