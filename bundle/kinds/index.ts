/** Every kind of a bundle, in the order the importer writes them (a row's references come before it). */
import type { Kind } from "../kind.js";
import { analystsKind } from "./analysts.js";
import { cardActions } from "./card-actions.js";
import { cardReports } from "./card-reports.js";
import { chainFacts, chainFactTags, chainLinks } from "./chain.js";
import { coverageArtifacts } from "./coverage-artifacts.js";
import { dataTopics, knownTopics } from "./data-topics.js";
import { events } from "./events.js";
import { factCards } from "./fact-cards.js";
import { fleetHealth } from "./fleet-health.js";
import { instituteMemory } from "./institute-memory.js";
import { mailboxMessages, mailboxThreads } from "./mailbox.js";
import { objects } from "./objects.js";
import { navSnapshots, portfolios } from "./portfolios.js";
import { reports } from "./reports.js";
import { searchDocuments } from "./search-documents.js";
import { sessionMessages, sessions } from "./sessions.js";
import { similarityLog } from "./similarity-log.js";
import { threads } from "./threads.js";
import { topicPool } from "./topic-pool.js";
import { withdrawals } from "./withdrawals.js";

export const KINDS: readonly Kind<any>[] = [
  objects,
  analystsKind,
  threads,
  cardReports,
  cardActions,
  topicPool,
  similarityLog,
  reports,
  fleetHealth,
  knownTopics,
  dataTopics,
  coverageArtifacts,
  portfolios,
  navSnapshots,
  sessions,
  sessionMessages,
  mailboxThreads,
  mailboxMessages,
  events,
  instituteMemory,
  searchDocuments,
  factCards,
  chainFacts,
  chainFactTags,
  chainLinks,
  // Last: a withdrawal may name anything the same bundle brings.
  withdrawals,
];
