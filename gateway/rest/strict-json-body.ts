/**
 * For routes that take a JSON body, in their own encapsulated scope: only `application/json` is parsed (any
 * other or missing content type is a 400, not fastify's 415), and the body is validated WITHOUT type coercion
 * (the gateway's shared validator coerces, which suits query strings but would turn `"top_k": "5"` into 5).
 * Errors name the field through the gateway's error handler.
 */
import { Ajv } from "ajv";
import type { FastifyInstance } from "fastify";

const ajv = new Ajv({
  coerceTypes: false,
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  strict: false,
  // OpenAPI's integer formats (gateway/contract/input-bounds.ts): the range beside each is what is checked.
  formats: { int32: { type: "number", validate: () => true }, int64: { type: "number", validate: () => true } },
});

function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

export function strictJsonBodies(scope: FastifyInstance) {
  scope.removeContentTypeParser("text/plain");
  scope.addContentTypeParser("*", (_request, _payload, done) => {
    done(badRequest("request body must be JSON: send it with Content-Type: application/json"), undefined);
  });
  scope.setValidatorCompiler(({ schema }) => {
    const validate = ajv.compile(schema);
    const check = (data: unknown) => {
      if (typeof data !== "object" || data === null || Array.isArray(data))
        return { error: badRequest("request body must be a JSON object") };
      if (validate(data)) return true;
      check.errors = validate.errors;
      return false;
    };
    check.errors = null as typeof validate.errors;
    return check;
  });
}
