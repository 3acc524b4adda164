/**
 * deploy/k8s against Kubernetes' own schemas, offline (no API server can be had here): every manifest passes its
 * model's validator and the unknown-field check of test/deploy/k8s-schemas.ts, and the check is shown to refuse a
 * misspelled field at any depth, a wrong type and a missing required field. The Kustomization, which is kustomize's
 * and not Kubernetes', names only fields kustomize knows and every manifest but the migrate Job.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../app/cluster/repo-root.js";
import { KUBERNETES_VERSION, typeCheck, validateWithModel, type Manifest } from "./k8s-schemas.js";
import { read, type Json } from "./load-manifests.js";

const DIR = "deploy/k8s";
const files = readdirSync(path.join(REPO_ROOT, DIR))
  .filter((f) => f.endsWith(".yaml"))
  .sort();
const documents: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(read(`${DIR}/${file}`))
    .map((d, i) => ({ where: `${DIR}/${file}#${i}`, doc: d.toJS() as Json }))
    .filter((m) => m.doc),
);
const manifests = documents.filter((m) => m.doc.kind !== "Kustomization");
const kustomization = documents.find((m) => m.doc.kind === "Kustomization")!.doc;

const clone = (doc: Json): Json => JSON.parse(JSON.stringify(doc));
const gateway = () =>
  clone(manifests.find((m) => m.doc.kind === "Deployment" && m.doc.metadata.name === "institute-gateway")!.doc);

describe(`deploy/k8s against the schemas of Kubernetes ${KUBERNETES_VERSION}`, () => {
  it("uses the models generated from that version", () => {
    const version = JSON.parse(
      readFileSync(path.join(REPO_ROOT, "node_modules/kubernetes-models/package.json"), "utf8"),
    ).version;
    // kubernetes-models 5.x is generated from Kubernetes 1.36.0 (its changelog); another major means another schema.
    expect(version).toMatch(/^5\./);
    expect(manifests.length).toBeGreaterThan(20);
  });

  it("passes every manifest through its model's validator", async () => {
    const problems = (await Promise.all(manifests.map(validateWithModel))).flat();
    expect(problems).toEqual([]);
  });

  it("names no field the schemas do not have, at any depth", () => {
    expect(typeCheck(manifests)).toEqual([]);
  }, 60_000);

  it("refuses misspelled fields, a wrong type and a missing required field", async () => {
    const misspelled = gateway();
    const container = misspelled.spec.template.spec.containers[0];
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    const typo = gateway();
    typo.spec.template.spec.containers[0].ports[0].containerport = 8080;
    const top = gateway();
    top.spec.replica = 2;
    const problems = typeCheck([
      { where: "misspelled", doc: misspelled },
      { where: "typo", doc: typo },
      { where: "top", doc: top },
    ]);
    expect(problems.find((p) => p.startsWith("misspelled:"))).toMatch(
      /'"readinesProbe"' does not exist in type 'IContainer'/,
    );
    expect(problems.find((p) => p.startsWith("typo:"))).toMatch(
      /'"containerport"' does not exist in type '\w*ContainerPort'/,
    );
    expect(problems.find((p) => p.startsWith("top:"))).toMatch(
      /'"replica"' does not exist in type '\w*DeploymentSpec'/,
    );

    const wrongType = gateway();
    wrongType.spec.replicas = "two";
    expect(await validateWithModel({ where: "wrong type", doc: wrongType })).toEqual([
      "wrong type: data/spec/replicas must be integer",
    ]);
    const nameless = gateway();
    delete nameless.spec.template.spec.containers[0].name;
    expect(await validateWithModel({ where: "nameless", doc: nameless })).toEqual([
      "nameless: data/spec/template/spec/containers/0 must have required property name",
    ]);
  }, 60_000);
});

describe("deploy/k8s/kustomization.yaml", () => {
  // kustomize's Kustomization (v1beta1) fields.
  const KNOWN = [
    "apiVersion",
    "kind",
    "metadata",
    "namespace",
    "namePrefix",
    "nameSuffix",
    "resources",
    "components",
    "images",
    "labels",
    "commonLabels",
    "commonAnnotations",
    "patches",
    "configMapGenerator",
    "secretGenerator",
    "generatorOptions",
    "replicas",
    "replacements",
    "buildMetadata",
    "openapi",
    "crds",
    "helmCharts",
    "sortOptions",
    "transformers",
    "generators",
    "validators",
  ];

  it("names only fields kustomize knows, and every manifest but the migrate Job (applied before each release)", () => {
    expect(Object.keys(kustomization).filter((k) => !KNOWN.includes(k))).toEqual([]);
    expect(kustomization.apiVersion).toBe("kustomize.config.k8s.io/v1beta1");
    expect([...kustomization.resources].sort()).toEqual(
      files.filter((f) => !["kustomization.yaml", "migrate-job.yaml"].includes(f)),
    );
    const namespaces = new Set(manifests.map((m) => m.doc.metadata.namespace ?? m.doc.metadata.name));
    expect([...namespaces]).toEqual([kustomization.namespace]);
    for (const image of kustomization.images)
      expect(Object.keys(image).filter((k) => !["name", "newName", "newTag", "digest"].includes(k))).toEqual([]);
    const images = new Set(
      manifests.flatMap((m) => (m.doc.spec?.template?.spec?.containers ?? []).map((c: Json) => c.image.split(":")[0])),
    );
    expect([...images]).toEqual(kustomization.images.map((i: Json) => i.name));
  });
});
