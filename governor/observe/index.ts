/**
 * What the governor observed, as data the operator reads (DESIGN §10): its ticks, tasks, callbacks, relay errors and
 * kickoffs, over its own tables. The console and the fleet-health snapshot both read these; each takes a pool or a
 * client (the SELECT-only role is enough).
 */
export { lastTicks, tickSeries, tickObservation, type TickObservation, type Window } from "./ticks.js";
export {
  submissionsSummary,
  tasksByState,
  timeoutsSwept,
  TASK_STATES,
  type KindSubmissions,
  type SubmissionsSummary,
  type SweptTask,
  type TaskState,
} from "./tasks.js";
export { callbackCounts, type CallbackCounts } from "./callbacks.js";
export { relayErrors, type Reason, type RelayErrors } from "./relay-errors.js";
export { kickoffDecisions, type KickoffObservation } from "./kickoffs.js";
