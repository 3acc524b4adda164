/** The version of the public interface, as /api/v1/meta, the contract, the OpenAPI document and the tool endpoint's serverInfo say it. */
export const API_VERSION = "1.0.0";
