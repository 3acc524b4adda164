/** Query and response schemas of the chart routes: theme and size within documented bounds; the body is SVG. */
import { gatedErrors } from "./common.js";

export const CHART_WIDTH = { min: 400, max: 2400 } as const;
export const CHART_HEIGHT = { min: 300, max: 1600 } as const;

export const chartQuery = (defaults: { width: number; height: number }) =>
  ({
    type: "object",
    properties: {
      theme: {
        type: "string",
        enum: ["light", "dark"],
        default: "light",
        description: "Colours for a light or a dark page.",
      },
      width: {
        type: "integer",
        minimum: CHART_WIDTH.min,
        maximum: CHART_WIDTH.max,
        default: defaults.width,
        description: "Width in pixels.",
      },
      height: {
        type: "integer",
        minimum: CHART_HEIGHT.min,
        maximum: CHART_HEIGHT.max,
        default: defaults.height,
        description: "Height in pixels.",
      },
    },
  }) as const;

export const SVG_TYPE = "image/svg+xml; charset=utf-8";

/** 200 is an SVG document; refusals are ErrorResponses. */
export const chartResponses = (extra: Record<number, unknown> = {}) => ({
  200: {
    description: "An SVG image (no script, no external resource), with a <title> and <desc>.",
    content: { "image/svg+xml": { schema: { type: "string" } } },
  },
  ...gatedErrors,
  ...extra,
});
