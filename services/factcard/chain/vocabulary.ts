/** The artifact kinds a provenance link may cite (spec §2.13); shared by the chain service and the tool schemas. */
export const ARTIFACT_KINDS = ["committee_memo", "analyst_report", "fact_card"] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];
