/** The prompt registry: prompts/list, prompts/get, completion and the contract derive from it. */
import { MORNING_BRIEF } from "./morning-brief.js";
import type { PromptDefinition } from "./prompt.js";
import { REVIEW_PORTFOLIO } from "./review-portfolio.js";
import { THREAD_DIGEST } from "./thread-digest.js";
import { VERIFY_CLAIM } from "./verify-claim.js";

export const PROMPTS: readonly PromptDefinition[] = [MORNING_BRIEF, REVIEW_PORTFOLIO, VERIFY_CLAIM, THREAD_DIGEST];
