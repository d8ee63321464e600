#!/usr/bin/env node
// Reports the longest functions and files of services/ and libs/ (tests, test suites and test
// support aside), and fails when one is over the house limits: a function over 60 lines usually
// hides a name, a file over 300 lines is usually two (docs/architecture.md, "Where to change what").
// Usage: node tools/code-size.mjs [--top N]   (run by `pnpm check`)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const FUNCTION_LIMIT = 60;
const FILE_LIMIT = 300;
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 10;
const isTestFile = (name) => /\.(test|suite)\.ts$/.test(name) || /(^|\/)test-support\.ts$/.test(name);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts') && !isTestFile(path)) yield path;
  }
}

/** The name a reader would give a function: its own, or what it is assigned or passed to. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

function functionsOf(path) {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      found.push({ name: nameOf(node, source), at: `${relative(ROOT, path)}:${start}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), functions: found };
}

const files = [];
const functions = [];
for (const dir of ['services', 'libs']) {
  for (const path of sourceFiles(join(ROOT, dir))) {
    const { lines, functions: inFile } = functionsOf(path);
    files.push({ at: relative(ROOT, path), lines });
    functions.push(...inFile);
  }
}
files.sort((a, b) => b.lines - a.lines);
functions.sort((a, b) => b.lines - a.lines);

console.log(`Longest files (limit ${FILE_LIMIT} lines):`);
for (const file of files.slice(0, top)) console.log(`  ${String(file.lines).padStart(4)}  ${file.at}`);
console.log(`Longest functions (limit ${FUNCTION_LIMIT} lines):`);
for (const fn of functions.slice(0, top)) console.log(`  ${String(fn.lines).padStart(4)}  ${fn.name}  ${fn.at}`);

const over = [...files.filter((f) => f.lines > FILE_LIMIT).map((f) => `file ${f.at} has ${f.lines} lines`), ...functions.filter((f) => f.lines > FUNCTION_LIMIT).map((f) => `function ${f.name} at ${f.at} has ${f.lines} lines`)];
if (over.length > 0) {
  console.error(`\n${over.length} over the limits:\n${over.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nEvery file within ${FILE_LIMIT} lines and every function within ${FUNCTION_LIMIT}.`);
