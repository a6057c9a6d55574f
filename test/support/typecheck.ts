import { join } from "node:path";
import ts from "typescript";
import { repoRoot } from "./project.js";

/** The repo's compiler options (tsconfig.base.json), checking only. */
function checkOptions(): ts.CompilerOptions {
  const file = join(repoRoot, "tsconfig.base.json");
  const config = ts.readConfigFile(file, (path) => ts.sys.readFile(path));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
  return { ...parsed.options, noEmit: true, composite: false, declaration: false, declarationMap: false, sourceMap: false, incremental: false };
}

const HOST: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => repoRoot,
  getNewLine: () => "\n",
};

/** Every TypeScript diagnostic (syntactic, semantic, options) for the given files, formatted. */
export function typeCheck(files: readonly string[]): string[] {
  const program = ts.createProgram(files, checkOptions());
  return ts.getPreEmitDiagnostics(program).map((d) => ts.formatDiagnostic(d, HOST).trim());
}

/** The text of every string literal and identifier in a TS source, decoded by the TypeScript parser. */
export function literalTexts(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Object-literal members whose key is a plain (non-computed) `__proto__`: they set the prototype. */
export function protoKeys(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && !ts.isComputedPropertyName(node.name)) {
      const name = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : undefined;
      if (name === "__proto__") found.push(`${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export const parseSource = (path: string, text: string): ts.SourceFile =>
  ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);

/** The member names of each top-level interface declared in a TS source, by interface name (one entry per declaration). */
export function interfaceMembers(source: ts.SourceFile): [name: string, members: string[]][] {
  const memberName = (member: ts.TypeElement): string => (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : "?");
  return source.statements.filter(ts.isInterfaceDeclaration).map((node) => [node.name.text, node.members.map(memberName)]);
}
