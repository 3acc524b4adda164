/**
 * Kubernetes' own schemas, offline, for the version the manifests target: the models of the `kubernetes-models`
 * package are generated from the OpenAPI document of Kubernetes 1.36. Two checks, because the schemas allow any
 * property an object does not list (Kubernetes' OpenAPI sets no additionalProperties: false, and the API server
 * drops unknown fields with a warning at most): the package's validators (@kubernetes-models/validate: types,
 * required fields, enums, formats), and the TypeScript compiler holding each manifest, as an object literal, to the
 * model's interface, whose excess-property check refuses a field the schema does not have (a misspelled
 * `readinesProbe` or `containerport`), at any depth.
 */
import path from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "../../app/cluster/repo-root.js";
import type { Json } from "./load-manifests.js";

export const KUBERNETES_VERSION = "1.36";

export interface Manifest {
  /** Where it comes from, for messages: deploy/k8s/gateway.yaml#0. */
  where: string;
  doc: Json;
}

/** The module of a kind's model: kubernetes-models/<group>/<version>/<Kind> (core: kubernetes-models/v1/<Kind>). */
export const modelModule = (doc: Json) => `kubernetes-models/${doc.apiVersion}/${doc.kind}`;

/** The model's validator: one message per problem, empty when the manifest conforms. */
export async function validateWithModel(manifest: Manifest): Promise<string[]> {
  const module = (await import(modelModule(manifest.doc))) as Record<string, new (data: Json) => { validate(): void }>;
  const Model = module[manifest.doc.kind];
  if (!Model) return [`${manifest.where}: no model for ${manifest.doc.apiVersion} ${manifest.doc.kind}`];
  try {
    new Model(manifest.doc).validate();
    return [];
  } catch (e) {
    return [`${manifest.where}: ${(e as Error).message}`];
  }
}

/** The TypeScript compiler's complaints about each manifest held to its model's interface (unknown fields above all). */
export function typeCheck(manifests: readonly Manifest[]): string[] {
  const fileName = path.join(REPO_ROOT, "test/deploy/manifests-as-models.ts");
  const starts: number[] = [];
  let source = "";
  manifests.forEach((m, i) => {
    source += `import type { I${m.doc.kind} as M${i} } from "${modelModule(m.doc)}";\n`;
  });
  manifests.forEach((m, i) => {
    starts.push(source.length);
    source += `export const m${i}: M${i} = ${JSON.stringify(m.doc, null, 1)};\n`;
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, language) : read(name, language, ...rest);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || exists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === fileName || !d.file)
    .map((d) => {
      const at = d.start ?? 0;
      const index = starts.findLastIndex((s) => s <= at);
      const where = index >= 0 ? manifests[index]!.where : "(imports)";
      return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
    });
}
