/**
 * Turns a protobuf-es message into the spec's JSON shape: the .proto field names (the spec's), unset optional and message fields as null, 64-bit integers as numbers, google.protobuf.Struct
 * as plain JSON. One function for every resource, so no response mapper is written by hand.
 */
import { toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";

type Json = JsonValue;

const isWellKnownJson = (desc: DescMessage) =>
  desc.typeName === "google.protobuf.Struct" || desc.typeName === "google.protobuf.Value" || desc.typeName === "google.protobuf.ListValue";
const NULLABLE_LIST = "institute.common.v1.StringList";

function scalar(value: unknown): Json {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  return value as Json;
}

function messageValue(desc: DescMessage, value: any): Json {
  if (desc.typeName === NULLABLE_LIST) return value.values;
  // protobuf-es keeps a google.protobuf.Struct field as its plain JsonObject, not as a Struct message.
  if (desc.typeName === "google.protobuf.Struct" && value.$typeName === undefined) return value as Json;
  return isWellKnownJson(desc) ? toJson(desc, value) : protoToJson(desc, value);
}

export function protoToJson(desc: DescMessage, message: any): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const field of desc.fields) {
    const value = message[field.localName];
    const key = field.name;
    switch (field.fieldKind) {
      case "scalar":
      case "enum":
        out[key] = value === undefined ? null : scalar(value);
        break;
      case "message":
        out[key] = value === undefined ? null : messageValue(field.message, value);
        break;
      case "list":
        out[key] = (value as unknown[]).map((v) => (field.listKind === "message" ? messageValue(field.message, v) : scalar(v)));
        break;
      case "map": {
        const obj: { [k: string]: Json } = {};
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
          obj[k] = field.mapKind === "message" ? messageValue(field.message, v) : scalar(v);
        }
        out[key] = obj;
        break;
      }
    }
  }
  return out;
}
