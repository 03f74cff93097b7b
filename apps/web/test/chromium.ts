/**
 * Where the browser tests' Chromium and fonts come from, so `npm test` needs nothing but Node.js
 * (README "npm test"):
 *
 * 1. `CHROMIUM_PATH`, when set (Debian's is `/usr/bin/chromium`);
 * 2. else the headless Chromium of the `@sparticuz/chromium` package, unpacked once into
 *    node_modules/.cache. It brings its own NSS, expat and SwiftShader libraries and needs only
 *    glibc besides, so it runs on a bare Debian. Only the package's files are used, not its
 *    JavaScript (which expects AWS Lambda), so its Node.js engine range does not apply. It is
 *    the headless-only build, preferred to an installed full Chromium also where there is one:
 *    the same journeys cost it about a third less CPU (32 s against 50 s for two files).
 *
 * Whichever runs gets a fontconfig file that adds Noto Sans SC (TTF, from the
 * `@expo-google-fonts/noto-sans-sc` package) to the system's fonts, so Chinese screens show
 * glyphs, not boxes, without the fonts-noto-cjk package. (The woff/woff2 files of fontsource
 * packages do not do: Chromium's FreeType opens local fonts only as TTF/OTF.)
 */
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

const require = createRequire(import.meta.url);

/** What `chromium.launch` needs: the program and the environment to start it in. */
export interface ChromiumLaunch {
  executablePath: string;
  env: Record<string, string>;
  /** where it came from, for messages */
  source: 'CHROMIUM_PATH' | 'npm';
}

export async function resolveChromium(): Promise<ChromiumLaunch> {
  const env: Record<string, string> = { FONTCONFIG_FILE: await writeFontConfig() };
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] ??= value;
  if (process.env.CHROMIUM_PATH) {
    return { executablePath: process.env.CHROMIUM_PATH, env, source: 'CHROMIUM_PATH' };
  }
  const dir = await unpackPackagedChromium();
  const libs = path.join(dir, 'lib');
  env.LD_LIBRARY_PATH = [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { executablePath: path.join(dir, 'chromium'), env, source: 'npm' };
}

/** The directory of an installed package, found from its entry point. */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || !dir.endsWith(path.join('node_modules', name))) {
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed: run npm install`);
    dir = path.dirname(dir);
  }
  return dir;
}

/** node_modules/.cache of the install that holds @sparticuz/chromium. */
function cacheDir(): string {
  return path.resolve(packageDir('@sparticuz/chromium'), '../../.cache');
}

/**
 * Unpacks the brotli-compressed Chromium and its libraries once per package version. A staging
 * directory renamed into place makes it safe for test files starting in parallel: the first
 * rename wins, a later one finds the directory there and drops its copy.
 */
async function unpackPackagedChromium(): Promise<string> {
  const pkg = packageDir('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  const target = path.join(cacheDir(), `sparticuz-chromium-${version}`);
  if (existsSync(path.join(target, 'chromium'))) return target;
  const staging = `${target}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const bin = path.join(pkg, 'bin');
  await pipeline(
    createReadStream(path.join(bin, 'chromium.br')),
    createBrotliDecompress(),
    createWriteStream(path.join(staging, 'chromium'), { mode: 0o755 }),
  );
  // NSS and expat into lib/; SwiftShader (software WebGL) beside the binary, where it looks
  for (const archive of ['al2023.tar.br', 'swiftshader.tar.br']) {
    await untar(brotliDecompressSync(await readFile(path.join(bin, archive))), staging);
  }
  try {
    await rename(staging, target);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'chromium'))) throw err;
  }
  return target;
}

/** Extracts a tar of plain files and directories (what the package ships) into `into`. */
async function untar(tar: Buffer, into: string): Promise<void> {
  const text = (header: Buffer, from: number, length: number) =>
    header.toString('utf8', from, from + length).replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break; // end of archive
    const name = [text(header, 345, 155), text(header, 0, 100)].filter(Boolean).join('/');
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = text(header, 156, 1) || '0';
    const file = path.resolve(into, name);
    if (!file.startsWith(`${path.resolve(into)}${path.sep}`)) throw new Error(`tar entry outside: ${name}`);
    if (type === '5') await mkdir(file, { recursive: true });
    else if (type === '0') {
      await mkdir(path.dirname(file), { recursive: true });
      const mode = parseInt(text(header, 100, 8).trim() || '644', 8);
      await writeFile(file, tar.subarray(at + 512, at + 512 + size), { mode });
    } else throw new Error(`tar entry of type ${type} not supported: ${name}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * A fontconfig file: the system's configuration when there is one, plus Noto Sans SC. Rewritten
 * each time through a rename, so a reader never sees half a file.
 */
async function writeFontConfig(): Promise<string> {
  const dir = path.join(cacheDir(), 'fieldhub-fontconfig');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'fonts.conf');
  const xml = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    `  <dir>${xmlText(packageDir('@expo-google-fonts/noto-sans-sc'))}</dir>`,
    `  <cachedir>${xmlText(path.join(dir, 'cache'))}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
  const staging = `${file}.${process.pid}.tmp`;
  await writeFile(staging, xml);
  await rename(staging, file);
  return file;
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
