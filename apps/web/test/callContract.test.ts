import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app calls the platform only through the call contract (packages/shared/src/contract):
 * no platform path is written in apps/web/src, so a path cannot drift from the server's; and no
 * code but the request client (app/request.ts) reads a definition's `path`, so every call goes by
 * definition and its input and answer are typed from the contract.
 */
const src = path.resolve(import.meta.dirname, '../src');
const requestClient = path.join(src, 'app/request.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('call contract in the web app', () => {
  it('has no platform call path outside the contract', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        // a string or template literal starting with the API prefix
        if (/['"`]\/lfscada\//.test(line)) found.push(`${path.relative(src, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('reads no call definition path outside the request client', () => {
    expect(definitionPathReads(sources(src).filter((f) => f !== requestClient))).toEqual([]);
  }, 60_000);

  it('finds a definition path read directly, through a variable, a parameter, an index or a binding', () => {
    const probe = path.join(src, 'app/definitionPathProbe.ts');
    const text = [
      "import { monitorCalls, type CallDef } from '@fieldhub/shared';",
      'export const direct = monitorCalls.curve.path;',
      'const def = monitorCalls.history;',
      'export const viaVariable = def.path;',
      'export const viaParameter = (d: CallDef) => d.path;',
      "export const viaIndex = monitorCalls.open['path'];",
      'export const { path: viaBinding } = monitorCalls.curve;',
      "export const notADefinition = { path: '/x' }.path;",
    ].join('\n');
    expect(definitionPathReads([probe], { file: probe, text })).toEqual([
      'app/definitionPathProbe.ts:2: monitorCalls.curve.path',
      'app/definitionPathProbe.ts:4: def.path',
      'app/definitionPathProbe.ts:5: d.path',
      "app/definitionPathProbe.ts:6: monitorCalls.open['path']",
      'app/definitionPathProbe.ts:7: path: viaBinding',
    ]);
  }, 60_000);
});

/**
 * Every read of `path` on a call definition (the property declared by CallDef in
 * packages/shared/src/contract/define.ts), found by the type checker so an alias cannot hide it;
 * `probe` is a text checked as if it were that file.
 */
function definitionPathReads(files: string[], probe?: { file: string; text: string }): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.resolve(src, '../tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  })!;
  const host = ts.createCompilerHost(config.options);
  if (probe) {
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (f) => f === probe.file || fileExists(f);
    host.readFile = (f) => (f === probe.file ? probe.text : readFile(f));
    host.getSourceFile = (f, language, ...rest) =>
      f === probe.file ? ts.createSourceFile(f, probe.text, language) : getSourceFile(f, language, ...rest);
  }
  // only a text that names `path` can read it: the others need not be checked
  const roots = files.filter((f) =>
    /\bpath\b/.test(f === probe?.file ? probe.text : readFileSync(f, 'utf8')),
  );
  const program = ts.createProgram({ rootNames: roots, options: config.options, host });
  const checker = program.getTypeChecker();
  // the property `path` read from `of`: is it the one CallDef declares?
  const isDefinitionPath = (of: ts.Node) =>
    (checker.getTypeAtLocation(of).getProperty('path')?.declarations ?? []).some(
      (d) =>
        ts.isPropertySignature(d) &&
        ts.isInterfaceDeclaration(d.parent) &&
        d.parent.name.text === 'CallDef' &&
        d.getSourceFile().fileName.endsWith('contract/define.ts'),
    );
  // `x.path`, `x['path']` and `const { path } = x`
  const pathRead = (node: ts.Node): ts.Node | null => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'path') return node.expression;
    if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === 'path'
    )
      return node.expression;
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const name = node.propertyName ?? node.name;
      if ((ts.isIdentifier(name) || ts.isStringLiteralLike(name)) && name.text === 'path') return node.parent;
    }
    return null;
  };
  const found: string[] = [];
  for (const file of roots) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node): void => {
      const of = pathRead(node);
      if (of && isDefinitionPath(of)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(src, file)}:${line + 1}: ${node.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
