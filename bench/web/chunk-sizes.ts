// Reads the Vite manifest of a build: which files a module needs before it can run (its static
// imports, transitively, and their CSS), and how many bytes they are gzipped.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../scripts/route-preloads';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleSize {
  files: number;
  /** Gzip kB of each file, biggest first: where to look when a budget is missed. */
  gzipKbByFile: Record<string, number>;
  jsKb: number;
  jsGzipKb: number;
  cssKb: number;
  cssGzipKb: number;
}

export function readManifest(webDir: string): Manifest {
  return JSON.parse(
    fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('the Vite manifest names no entry');
  return key;
}

/** The manifest key of a source module, e.g. "src/features/admin/AdminArea.tsx". */
export function moduleKey(manifest: Manifest, source: string): string {
  if (!manifest[source]) throw new Error(`the Vite manifest has no chunk for ${source}`);
  return source;
}

/**
 * The files a page under an address prefix ("/admin/") loads before its first render: the
 * build's route preload table (scripts/route-preloads.ts), which follows the chunks a module
 * ended up in even when a chunk group of vite.web.config.ts holds several modules (the
 * manifest keys such a chunk by its group's name, not by its modules).
 */
export function routePreloadFiles(webDir: string, prefix: string): Set<string> {
  const table = JSON.parse(
    fs.readFileSync(path.join(webDir, ROUTE_PRELOADS_FILE), 'utf8'),
  ) as RoutePreloads;
  const route = table.routes.find((candidate) => candidate.prefix === prefix);
  if (!route) throw new Error(`the route preload table has no ${prefix}`);
  return new Set(route.files.map((file) => file.replace(/^\//, '')));
}

/** The files a chunk needs before it runs: itself, its static imports (transitively), their CSS. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${k}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

/** Sizes in kB (1000 bytes), gzip at zlib's default level, as a compressing proxy would send. */
export function measureFiles(webDir: string, files: Iterable<string>): BundleSize {
  const size = { files: 0, js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  const byFile: [string, number][] = [];
  for (const file of files) {
    const content = fs.readFileSync(path.join(webDir, file));
    const gzipped = gzipSync(content).length;
    size.files += 1;
    byFile.push([file, kb(gzipped)]);
    if (file.endsWith('.css')) {
      size.css += content.length;
      size.cssGzip += gzipped;
    } else if (file.endsWith('.js')) {
      size.js += content.length;
      size.jsGzip += gzipped;
    }
  }
  return {
    files: size.files,
    gzipKbByFile: Object.fromEntries(byFile.sort((a, b) => b[1] - a[1])),
    jsKb: kb(size.js),
    jsGzipKb: kb(size.jsGzip),
    cssKb: kb(size.css),
    cssGzipKb: kb(size.cssGzip),
  };
}
