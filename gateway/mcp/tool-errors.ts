/**
 * Refusals inside the tool endpoint (spec §7.2): a JSON-RPC error whose `data.category` is auth, validation,
 * permanent or transient, and whose `data.transient` is true only where a retry can help. A service's ConnectError
 * code becomes a category through the gateway's one table (gateway/http/connect-codes.ts), and the category a JSON-RPC
 * error code here.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import { answerOf, INTERNAL_MESSAGE, shownMessage, type Category } from "../http/connect-codes.js";
import { INTERNAL_ERROR, INVALID_PARAMS, type RpcErrorObject } from "./json-rpc.js";

export type { Category };

/** Server-defined JSON-RPC codes (the -32000 to -32099 range) for the categories without a standard code. */
export const AUTH_ERROR = -32001;
export const PERMANENT_ERROR = -32002;
export const TRANSIENT_ERROR = -32003;

export interface ErrorDetail {
  /** A stable, machine-readable reason: missing_scope, not_found, invalid_argument, unavailable, … */
  code: string;
  argument?: string;
  required?: string;
  granted?: string[];
  /** The resource URI a resources/read refusal is about. */
  uri?: string;
}

export class RpcError extends Error {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly category: Category,
    readonly detail: ErrorDetail,
  ) {
    super(message);
    this.name = "RpcError";
  }

  toObject(): RpcErrorObject {
    return {
      code: this.rpcCode,
      message: this.message,
      data: { category: this.category, transient: this.category === "transient", ...this.detail },
    };
  }
}

export const validationError = (message: string, argument: string | undefined, code = "invalid_argument") =>
  new RpcError(INVALID_PARAMS, message, "validation", argument === undefined ? { code } : { code, argument });

export const authError = (message: string, detail: ErrorDetail) => new RpcError(AUTH_ERROR, message, "auth", detail);

const snake = (code: Code) => Code[code].replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();

const RPC_CODE_OF_CATEGORY: Record<Category, number> = {
  validation: INVALID_PARAMS,
  auth: AUTH_ERROR,
  permanent: PERMANENT_ERROR,
  transient: TRANSIENT_ERROR,
};

/** Internal faults are not described to the caller: the message says only what kind of failure it was. */
export function fromConnectError(error: ConnectError): RpcError {
  const { category, internal } = answerOf(error.code);
  return new RpcError(internal ? INTERNAL_ERROR : RPC_CODE_OF_CATEGORY[category], shownMessage(error), category, {
    code: snake(error.code),
  });
}

/** Any failure of a tool call as an RpcError: ours pass through, ConnectErrors are mapped, anything else is internal. */
export function toRpcError(error: unknown): { rpc: RpcError; unexpected: boolean } {
  if (error instanceof RpcError) return { rpc: error, unexpected: false };
  if (error instanceof ConnectError) {
    const rpc = fromConnectError(error);
    return { rpc, unexpected: rpc.rpcCode === INTERNAL_ERROR };
  }
  return { rpc: new RpcError(INTERNAL_ERROR, INTERNAL_MESSAGE, "permanent", { code: "internal" }), unexpected: true };
}
