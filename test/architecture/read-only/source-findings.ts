/**
 * What the read-only lint finds in one source file, read with the TypeScript parser rather than by grep: mutating
 * SQL inside string and template literals (never in comments or identifiers), and outbound HTTP calls whose method
 * is not GET. An outbound call is the global `fetch`, `new Request`, or `request` from node:http, node:https or
 * undici; a local binding that happens to be called `fetch` (a pager's row source) is not one. A call whose method
 * cannot be read (options built elsewhere, a method held in a variable) is reported too: the lint cannot show it
 * is a GET, so it asks for a literal or an allowance.
 */
import ts from "typescript";
import { mutatingStatements, withoutSqlComments } from "./mutating-sql.js";

export interface Finding {
  kind: "sql" | "outbound";
  line: number;
  /** What was found: `INSERT`, `DDL`, `fetch with method "POST"`, … */
  what: string;
}

const HTTP_MODULES = new Set(["node:http", "node:https", "http", "https", "undici"]);

export function findingsOf(fileName: string, text: string): Finding[] {
  if (fileName.endsWith(".sql"))
    return mutatingStatements(withoutSqlComments(text)).map((what) => ({ kind: "sql", line: 1, what }));
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const httpModules = httpModuleBindings(source);

  const visit = (node: ts.Node): void => {
    const literal = literalText(node);
    if (literal !== null)
      for (const what of mutatingStatements(literal)) findings.push({ kind: "sql", line: lineOf(node), what });
    const call = outboundCall(node, httpModules);
    if (call) {
      const method = methodOf(call.options);
      if (method !== "GET") findings.push({ kind: "outbound", line: lineOf(node), what: `${call.callee} ${method}` });
    }
    // A template's pieces were read whole above; reading its spans again would report the statement twice.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else for (const span of node.templateSpans) visit(span.expression);
  };
  visit(source);
  return findings;
}

/** Every string and template literal's text in a TypeScript source, as the lint reads them. */
export function literalsOf(fileName: string, text: string): string[] {
  if (!fileName.endsWith(".ts")) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    const literal = literalText(node);
    if (literal !== null) out.push(literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A string or template literal's text, with each `${…}` read as a name, so `INSERT INTO ${table} (…)` stays SQL. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => ` x${span.literal.text}`).join("");
  return null;
}

/** Names bound to node:http / node:https / undici in this file: `import http from`, `import * as https from`, `import { request } from`. */
function httpModuleBindings(source: ts.SourceFile): { namespaces: Set<string>; requestFunctions: Set<string> } {
  const namespaces = new Set<string>();
  const requestFunctions = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!HTTP_MODULES.has(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (clause?.name) namespaces.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if (["request", "fetch"].includes((element.propertyName ?? element.name).text))
          requestFunctions.add(element.name.text);
  }
  return { namespaces, requestFunctions };
}

interface OutboundCall {
  callee: string;
  /** The argument that carries the method, when there is one. */
  options: ts.Expression | undefined;
}

function outboundCall(node: ts.Node, http: ReturnType<typeof httpModuleBindings>): OutboundCall | null {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Request")
    return isLocal(node.expression) ? null : { callee: "new Request", options: node.arguments?.[1] };
  if (!ts.isCallExpression(node)) return null;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) {
    if (callee.text === "fetch" && !isLocal(callee)) return { callee: "fetch", options: node.arguments[1] };
    if (http.requestFunctions.has(callee.text)) return { callee: callee.text, options: requestOptions(node) };
    return null;
  }
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return null;
  const [object, member] = [callee.expression.text, callee.name.text];
  if (object === "globalThis" && member === "fetch") return { callee: "globalThis.fetch", options: node.arguments[1] };
  if (http.namespaces.has(object) && (member === "request" || member === "fetch"))
    return { callee: `${object}.${member}`, options: requestOptions(node) };
  // `http.get` is a GET by definition.
  return null;
}

/** node:http's request(options) or request(url, options). */
const requestOptions = (call: ts.CallExpression) =>
  call.arguments.length > 1
    ? call.arguments[1]
    : call.arguments[0] && !isUrlLike(call.arguments[0])
      ? call.arguments[0]
      : undefined;

const isUrlLike = (node: ts.Expression) =>
  ts.isStringLiteral(node) || ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** The method an options argument names, upper-cased: absent means GET; anything the lint cannot read is named so. */
function methodOf(options: ts.Expression | undefined): string {
  if (options === undefined) return "GET";
  if (!ts.isObjectLiteralExpression(options)) return "with options it cannot read";
  let method = "GET";
  for (const property of options.properties) {
    if (ts.isSpreadAssignment(property)) method = "with spread options it cannot read";
    const name =
      property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ? property.name.text
        : null;
    if (name !== "method") continue;
    if (!ts.isPropertyAssignment(property)) return "with a method it cannot read";
    const value = property.initializer;
    method =
      ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)
        ? value.text.toUpperCase()
        : "with a method it cannot read";
  }
  return method;
}

/** Whether the identifier names a binding of this file (a parameter, variable, function or import) rather than the global. */
function isLocal(identifier: ts.Identifier): boolean {
  const name = identifier.text;
  for (let scope: ts.Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope) && scope.parameters.some((p) => bindsName(p.name, name))) return true;
    if (ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope))
      for (const statement of scope.statements) if (declares(statement, name)) return true;
  }
  return false;
}

function declares(statement: ts.Statement, name: string): boolean {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.some((d) => bindsName(d.name, name));
  if (ts.isFunctionDeclaration(statement)) return statement.name?.text === name;
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.name?.text === name) return true;
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return bindings.name.text === name;
    return !!bindings && bindings.elements.some((e) => e.name.text === name);
  }
  return false;
}

function bindsName(binding: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((e) => !ts.isOmittedExpression(e) && bindsName(e.name, name));
}
