// SPDX-License-Identifier: Apache-2.0
// What architecture.test.ts reads of web/src through the TypeScript compiler: each file's imports, the import graph
// and its circles (strongly connected components, Tarjan), and the functions longer than a given number of lines.
import { dirname, join } from 'node:path';
import ts from 'typescript';

const parse = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);

/**
 * Relative module specifiers of every import of a file, as the TypeScript compiler reads it: static imports and
 * re-exports (type-only ones too), dynamic import() and import('…') types.
 */
export function importsOf(text: string): string[] {
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    let specifier: ts.Node | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      specifier = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier = node.argument.literal;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) found.add(specifier.text);
    ts.forEachChild(node, visit);
  };
  visit(parse('module.ts', text));
  return [...found];
}

/** Each file (by its name, a path relative to one root) to the files of the set it imports. */
export function importGraph(files: { name: string; text: string }[]): Map<string, string[]> {
  const names = new Set(files.map((f) => f.name));
  const resolve = (from: string, specifier: string): string | undefined => {
    const target = join(dirname(from), specifier);
    return [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => names.has(candidate));
  };
  return new Map(
    files.map((f) => [
      f.name,
      importsOf(f.text).flatMap((specifier) => resolve(f.name, specifier) ?? []), // a .mjs or .json: not a source
    ]),
  );
}

/** The graph's circles: every strongly connected component of more than one file (or a file importing itself). */
export function circlesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The name a reader finds a function by: `name`, `Class.method`, `outer callback` for an unnamed one. */
function functionName(node: ts.FunctionLikeDeclaration): string {
  const own = (n: ts.Node): string | undefined => {
    if (ts.isConstructorDeclaration(n)) return 'constructor';
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isAccessor(n)) && n.name)
      return n.name.getText();
    if ((ts.isFunctionExpression(n) || ts.isArrowFunction(n)) && n.name) return n.name.getText();
    const parent = n.parent;
    if (
      (ts.isFunctionExpression(n) || ts.isArrowFunction(n)) &&
      (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    )
      return parent.name.getText();
    return undefined;
  };
  const parts: string[] = [own(node) ?? 'callback'];
  for (let n = node.parent; !ts.isSourceFile(n); n = n.parent) {
    if (ts.isClassLike(n) && n.name) {
      parts.unshift(`${n.name.getText()}.`);
      break;
    }
    if (ts.isFunctionLike(n) && n !== node) {
      const outer = own(n);
      if (outer) {
        parts.unshift(`${outer} `);
        break;
      }
    }
  }
  return parts.join('');
}

/** Functions, methods and arrow functions of a file longer than `max` lines (its signature to its closing line). */
export function longFunctions(name: string, text: string, max: number): { name: string; lines: number }[] {
  const source = parse(name, text);
  const found: { name: string; lines: number }[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > max) found.push({ name: functionName(node as ts.FunctionLikeDeclaration), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
