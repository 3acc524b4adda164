/**
 * The notification filter of subscriptions/listen, as asked and as honoured. `resourcesListChanged` and
 * `resourceSubscriptions` follow the data; `toolsListChanged` and `promptsListChanged` are honoured too, though
 * those lists change only with a deployment, which ends every stream gracefully (the client re-lists when it
 * listens again). A subscribed URI is honoured when a template describes it and the caller may read it (the same
 * admission as resources/read); any other is left out of the acknowledgement, as the revision asks for what a server
 * will not honour. A filter that is not the revision's shape is invalid params naming the member.
 */
import type { Principal } from "../../auth/principal.js";
import type { ResourceReader } from "../resources/resource-reader.js";
import { validationError } from "../tool-errors.js";

export const MAX_RESOURCE_SUBSCRIPTIONS = 100;

export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

export interface HonouredFilter {
  filter: SubscriptionFilter;
  /** Each honoured URI with the tables its documents read. */
  resources: Map<string, readonly string[]>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const FLAGS = ["toolsListChanged", "promptsListChanged", "resourcesListChanged"] as const;

/** `changes`: whether data changes can be announced here; when not, the data members are not honoured. */
export function honourFilter(
  raw: unknown,
  principal: Principal,
  reader: ResourceReader,
  changes: boolean,
): HonouredFilter {
  if (!isObject(raw)) throw validationError("invalid params: 'notifications' must be an object", "notifications");
  const filter: SubscriptionFilter = {};
  for (const flag of FLAGS) {
    const value = raw[flag];
    if (value !== undefined && typeof value !== "boolean")
      throw validationError(`invalid params: 'notifications.${flag}' must be a boolean`, `notifications.${flag}`);
    if (value === true && (changes || flag !== "resourcesListChanged")) filter[flag] = true;
  }
  const resources = new Map<string, readonly string[]>();
  const uris = raw.resourceSubscriptions;
  if (uris !== undefined) {
    const argument = "notifications.resourceSubscriptions";
    if (!Array.isArray(uris) || uris.some((u) => typeof u !== "string"))
      throw validationError(`invalid params: '${argument}' must be an array of URIs`, argument);
    if (uris.length > MAX_RESOURCE_SUBSCRIPTIONS)
      throw validationError(
        `invalid params: '${argument}' holds more than ${MAX_RESOURCE_SUBSCRIPTIONS} URIs`,
        argument,
      );
    for (const uri of uris as string[]) {
      try {
        resources.set(uri, reader.resolve(uri, principal).served.template.changesWith);
      } catch {
        // not a resource this caller may read: not honoured, so not acknowledged
      }
    }
    if (!changes) resources.clear();
    else filter.resourceSubscriptions = [...resources.keys()];
  }
  return { filter, resources };
}
