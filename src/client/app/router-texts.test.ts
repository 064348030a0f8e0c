/**
 * Each lazy page fetches its catalogues beside its code (router.tsx, withTexts): a namespace its
 * screens or dialogs use that its area's list lacks is fetched only when a component first asks for
 * it, so the page suspends and shows its loader a second time (one more round trip on a phone), and
 * a `t('ns:key')` into a namespace nobody loaded prints the key itself. This reads router.tsx and
 * every module each page imports (dynamic imports included: a dialog opened later needs its texts
 * too) and checks every namespace they name is one the page is sure to have.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const clientRoot = path.resolve(import.meta.dirname, '..');
const sharedRoot = path.resolve(clientRoot, '../shared');
const routerFile = path.join(clientRoot, 'app/router.tsx');
const NAMESPACES = new Set(
  fs
    .readdirSync(path.join(sharedRoot, 'i18n/locales/en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length)),
);
// Given to every instance (lib/i18n.ts DEFAULT_NAMESPACE) and so on every page.
const DEFAULT_NAMESPACE = 'common';

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(clientRoot, specifier.slice(2));
  else if (specifier.startsWith('@shared/')) base = path.join(sharedRoot, specifier.slice('@shared/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined; // a package: it names no namespace of ours
  base = base.replace(/\.js$/, '');
  return ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find((file) => /\.tsx?$/.test(file) && fs.existsSync(file));
}

/** The modules a file imports, statically or with import(). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []);
}

/** The namespaces a file's texts come from: useTranslation's, `ns: '…'` and `'ns:key'` keys. */
function namespacesIn(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const named = [...(args ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
    if (named.length === 0) found.add(DEFAULT_NAMESPACE);
    for (const ns of named) found.add(ns);
  }
  for (const [, ns] of source.matchAll(/\bns:\s*'([^']+)'/g)) found.add(ns ?? '');
  for (const [, ns] of source.matchAll(/['"`]([a-z-]+):[A-Za-z]/g)) if (ns && NAMESPACES.has(ns)) found.add(ns);
  return [...found];
}

/** Every namespace used by a module and all it imports, with one module naming each (for the message). */
function namespacesReachedFrom(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const used = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const ns of namespacesIn(file)) if (!used.has(ns)) used.set(ns, path.relative(clientRoot, file));
    queue.push(...importsOf(file));
  }
  return used;
}

type LazyPage = { module: string; lists: string[] };

/** router.tsx's area lists (the `…_TEXTS` constants) and, for each page module, the lists of its route and those above it. */
function readRouter(): { lists: Map<string, string[]>; pages: LazyPage[] } {
  const source = ts.createSourceFile(routerFile, fs.readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lists = new Map<string, string[]>();
  const pages: LazyPage[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text.endsWith('_TEXTS') && node.initializer) {
      const array = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isArrayLiteralExpression(array)) lists.set(node.name.text, array.elements.filter(ts.isStringLiteral).map((e) => e.text));
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      const module = specifier && ts.isStringLiteral(specifier) ? resolveImport(routerFile, specifier.text) : undefined;
      if (module) pages.push({ module, lists: listsAbove(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { lists, pages };
}

/** The withTexts lists of every route object enclosing `node` (its own and its parents'). */
function listsAbove(node: ts.Node): string[] {
  const names: string[] = [];
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isObjectLiteralExpression(at)) continue;
    for (const property of at.properties) {
      if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'lazy') continue;
      const call = property.initializer;
      if (ts.isCallExpression(call) && call.expression.getText() === 'withTexts' && call.arguments[0] && ts.isIdentifier(call.arguments[0])) {
        names.push(call.arguments[0].text);
      }
    }
  }
  return names;
}

describe("each page's catalogues", () => {
  const { lists, pages } = readRouter();
  // The layout around every page was rendered (server or browser) before any lazy page opens.
  const everywhere = new Set([DEFAULT_NAMESPACE, ...namespacesReachedFrom(path.join(clientRoot, 'routes/root-layout.tsx')).keys()]);

  it('finds the lazy pages and their lists', () => {
    expect(lists.size).toBeGreaterThan(2);
    for (const [name, namespaces] of lists) for (const ns of namespaces) expect(NAMESPACES, `${name} names '${ns}'`).toContain(ns);
    expect(pages.length).toBeGreaterThan(20);
  });

  it.each(readRouter().pages.map((page) => [path.relative(clientRoot, page.module), page] as const))('%s has every namespace it uses', (_, page) => {
    const fetched = new Set([...everywhere, ...page.lists.flatMap((name) => lists.get(name) ?? [])]);
    const missing = [...namespacesReachedFrom(page.module)].filter(([ns]) => !fetched.has(ns)).map(([ns, file]) => `'${ns}' (used in ${file})`);
    expect(missing, `add to the lists of ${page.lists.join(', ') || 'a withTexts list'}`).toEqual([]);
  });
});
