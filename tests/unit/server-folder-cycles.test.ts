import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No circle between the server's folders (docs/decisions/0015-layers-and-import-boundaries.md).
 * The lint's cycle rule sees files; two folders can still lean on each other
 * through files that form no cycle (one area's routes importing another's
 * service, which imports the first one's service). Here each folder of
 * src/server (db, ledger, http, auth), each area of src/server/features and
 * each file at the top (app.ts, config.ts, …) is one node, and every import
 * between two of them, type-only ones included, is an arrow.
 */
const server = path.resolve(import.meta.dirname, '../../src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The node a file belongs to: `features/<area>`, a top folder, or a top file. */
function folderOf(file: string): string {
  const [first = '', second = ''] = path.relative(server, file).split(path.sep);
  if (first === 'features') return `features/${second}`;
  return first;
}

/** The server file an import names (its source: `.js` → `.ts`), or undefined for a package, src/shared or another layer. */
function importedFile(from: string, specifier: string): string | undefined {
  const source = specifier.replace(/\.js$/, '.ts');
  if (source.startsWith('#server/')) return path.join(server, source.slice('#server/'.length));
  if (!source.startsWith('.')) return undefined;
  const file = path.resolve(path.dirname(from), source);
  return file.startsWith(server + path.sep) ? file : undefined;
}

/** folder → folders it imports → the files that import them. */
function folderArrows(): Map<string, Map<string, Set<string>>> {
  const arrows = new Map<string, Map<string, Set<string>>>();
  for (const file of sourceFiles(server)) {
    // Static, type-only, side-effect and import() imports alike.
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = importedFile(file, fileName);
      if (target === undefined) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const targets = arrows.get(from) ?? new Map<string, Set<string>>();
      arrows.set(from, targets.set(to, (targets.get(to) ?? new Set()).add(path.relative(server, file))));
    }
  }
  return arrows;
}

/** Every circle, as its folders and the files behind each arrow of it (Tarjan's strongly connected components). */
function circles(arrows: Map<string, Map<string, Set<string>>>): string[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (folder: string) => {
    order.set(folder, order.size);
    low.set(folder, order.get(folder)!);
    stack.push(folder);
    for (const next of arrows.get(folder)?.keys() ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
    }
    if (low.get(folder) !== order.get(folder)) return;
    const members = stack.splice(stack.indexOf(folder));
    if (members.length < 2) return;
    const ties = members.flatMap((a) =>
      [...(arrows.get(a) ?? [])].filter(([b]) => members.includes(b)).map(([b, files]) => `${a} → ${b} (${[...files].join(', ')})`),
    );
    found.push(`${members.join(' ⇄ ')}: ${ties.join('; ')}`);
  };
  for (const folder of arrows.keys()) if (!order.has(folder)) visit(folder);
  return found;
}

describe('the server folders form no circle', () => {
  it('no folder of src/server reaches itself again through its imports', () => {
    const arrows = folderArrows();
    // The measure sees the arrows the layers are built on (an empty graph would pass anything).
    expect(arrows.get('features/sales')?.has('ledger')).toBe(true);
    expect(arrows.get('auth')?.has('http')).toBe(true);
    expect(circles(arrows)).toEqual([]);
  });

  it('names the folders and files of a circle', () => {
    // An area's routes using another's service, which uses the first area's service: no circle of files.
    const arrows = new Map([
      ['features/origins', new Map([['features/green-coffee', new Set(['features/origins/routes.ts'])]])],
      ['features/green-coffee', new Map([['features/origins', new Set(['features/green-coffee/service.ts'])]])],
      ['ledger', new Map([['db', new Set(['ledger/ledger.ts'])]])],
    ]);
    expect(circles(arrows)).toEqual([
      'features/origins ⇄ features/green-coffee: features/origins → features/green-coffee (features/origins/routes.ts); ' +
        'features/green-coffee → features/origins (features/green-coffee/service.ts)',
    ]);
  });
});
