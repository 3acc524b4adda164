// A worker thread's entry that runs a TypeScript module: Node does not pass the bench's TypeScript loader on to
// worker threads, so this registers it and imports the module named in workerData.module.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.module);
