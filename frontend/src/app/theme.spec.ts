import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { system } from './theme';

/**
 * The app's Chakra system carries only the recipes of the components the app uses. This finds
 * every Chakra component imported under `src/`, reads in Chakra's own sources which recipe each
 * one looks up (`key: "…"`), and checks the system has it: a component added without its recipe
 * would render unstyled.
 */
const chakraEsm = path.join(path.dirname(createRequire(__filename).resolve('@chakra-ui/react')), '..', 'esm');
const srcDir = path.join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [full] : [];
  });
}

function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's index: export name → the module that defines it. */
function chakraModules(): Map<string, string> {
  const index = readFileSync(path.join(chakraEsm, 'index.js'), 'utf8');
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '(\.\/components\/[^']+)'/g)].map((m) => [m[1]!, m[2]!]),
  );
  const modules = new Map<string, string>();
  for (const m of index.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
    const from = namespaces.get(m[1]!);
    if (from) modules.set(m[2]!, path.join(chakraEsm, from));
  }
  for (const m of index.matchAll(/export \{([^}]+)\} from '(\.\/components\/[^']+)'/g)) {
    for (const name of m[1]!.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ))
      modules.set(name, path.join(chakraEsm, m[2]!));
  }
  return modules;
}

/** The recipe keys a component module (and the component modules it imports) looks up. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/key: "(\w+)"/g)) keys.add(m[1]!);
  for (const m of text.matchAll(/from '(\.{1,2}\/[^']+\.js)'/g)) {
    const next = path.resolve(path.dirname(file), m[1]!);
    if (next.includes(`${path.sep}components${path.sep}`)) for (const key of recipeKeys(next, seen)) keys.add(key);
  }
  return keys;
}

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const modules = chakraModules();
    const missing: string[] = [];
    const used = [...importedChakraNames()];
    expect(used).toEqual(expect.arrayContaining(['Button', 'Dialog', 'Menu', 'Table']));
    for (const name of used) {
      const file = modules.get(name);
      if (!file) continue; // not a component (system helpers, types)
      for (const key of recipeKeys(file)) {
        // a key Chakra's own theme has no recipe for renders the same with or without us
        if ((key in recipes || key in slotRecipes) && !system.hasRecipe(key)) missing.push(`${name} → ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(system.hasRecipe('button')).toBe(true);
    expect(system.hasRecipe('slider')).toBe(false);
    expect(system.hasRecipe('colorPicker')).toBe(false);
  });
});
