/** How the relay signs a callback: hex HMAC-SHA256 of the exact body bytes under the shared secret. */
import { createHmac } from "node:crypto";

export const signatureOf = (secret: string, body: string | Buffer) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
