/**
 * Turns a protobuf-es message into the spec's JSON shape: the .proto field names (the spec's), unset optional and
 * message fields as null, 64-bit integers as numbers, bytes as base64, google.protobuf.Struct as plain JSON, and
 * institute.common.v1.StringList as its array. One function for every resource, so no response mapper is written
 * by hand.
 *
 * It runs on every JSON answer, so each message type gets its own converter, generated once on first use: an
 * object literal with that type's keys in field order (one hidden class, no per-field dispatch), which is what
 * fastify's serializer then walks.
 */
import { ScalarType, toJson, type DescField, type DescMessage, type JsonValue } from "@bufbuild/protobuf";

type Json = JsonValue;
type Converter = (message: any) => { [key: string]: Json };

const NULLABLE_LIST = "institute.common.v1.StringList";
const WELL_KNOWN_JSON = new Set(["google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue"]);
const WIDE = new Set<ScalarType>([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
  ScalarType.SINT64,
]);

/** A scalar of any type, as the spec's JSON has it. */
function scalar(value: unknown): Json {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  return value as Json;
}

function messageValue(desc: DescMessage, value: any): Json {
  if (desc.typeName === NULLABLE_LIST) return value.values;
  // protobuf-es keeps a google.protobuf.Struct field as its plain JsonObject, not as a Struct message.
  if (desc.typeName === "google.protobuf.Struct" && value.$typeName === undefined) return value as Json;
  return WELL_KNOWN_JSON.has(desc.typeName) ? toJson(desc, value) : converterOf(desc)(value);
}

function mapValue(value: Record<string, unknown>, item: (v: unknown) => Json): { [k: string]: Json } {
  const obj: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) obj[k] = item(v);
  return obj;
}

/** The converter's helpers, passed to the generated function by index. */
interface Helpers {
  scalar: typeof scalar;
  mapValue: typeof mapValue;
  items: Array<(v: any) => Json>;
}

/** The expression for one field of message `m` (helpers are `h`). */
function fieldExpression(field: DescField, items: Helpers["items"]): string {
  const read = `m[${JSON.stringify(field.localName)}]`;
  const item = (fn: (v: any) => Json) => `h.items[${items.push(fn) - 1}]`;
  switch (field.fieldKind) {
    case "scalar":
      // Narrow types reach JSON as they are; 64-bit integers (bigint) and bytes are converted.
      if (!WIDE.has(field.scalar) && field.scalar !== ScalarType.BYTES)
        return `(${read} === undefined ? null : ${read})`;
      return `(${read} === undefined ? null : h.scalar(${read}))`;
    case "enum":
      return `(${read} === undefined ? null : ${read})`;
    case "message": {
      const desc = field.message;
      return `(${read} === undefined ? null : ${item((v) => messageValue(desc, v))}(${read}))`;
    }
    case "list": {
      if (field.listKind === "message") {
        const desc = field.message;
        return `${read}.map(${item((v) => messageValue(desc, v))})`;
      }
      return field.listKind === "scalar" && (WIDE.has(field.scalar) || field.scalar === ScalarType.BYTES)
        ? `${read}.map(h.scalar)`
        : `${read}.slice()`;
    }
    case "map": {
      if (field.mapKind === "message") {
        const desc = field.message;
        return `h.mapValue(${read}, ${item((v) => messageValue(desc, v))})`;
      }
      return `h.mapValue(${read}, h.scalar)`;
    }
  }
}

function compile(desc: DescMessage): Converter {
  const helpers: Helpers = { scalar, mapValue, items: [] };
  const props = desc.fields.map((f) => `${JSON.stringify(f.name)}: ${fieldExpression(f, helpers.items)}`);
  const body = `return function ${desc.name.replace(/\W/g, "_")}ToJson(m) {\n  return {\n    ${props.join(",\n    ")}\n  };\n};`;
  return new Function("h", body)(helpers) as Converter;
}

const converters = new WeakMap<DescMessage, Converter>();

function converterOf(desc: DescMessage): Converter {
  let converter = converters.get(desc);
  if (!converter) {
    converter = compile(desc);
    converters.set(desc, converter);
  }
  return converter;
}

export function protoToJson(desc: DescMessage, message: any): { [key: string]: Json } {
  return converterOf(desc)(message);
}
