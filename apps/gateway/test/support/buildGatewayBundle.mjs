/**
 * Builds the gateway (src/main.ts and @fieldhub/shared) into one ESM bundle with esbuild:
 *   node buildGatewayBundle.mjs <outdir>
 * Run by gatewayBundle.ts in a child process, so that its callers can stay synchronous while
 * esbuild's plugins need the asynchronous API. Native and optional packages (serialport, Snap7,
 * node-opcua) stay external and load from the repository's node_modules.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const [outdir] = process.argv.slice(2);
if (!outdir) throw new Error('usage: node buildGatewayBundle.mjs <outdir>');

/**
 * Each source file keeps its own `import.meta.url`, so that what it reads next to itself
 * (apps/gateway/package.json, the sandbox's worker file) is still found in the source tree.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

await build({
  entryPoints: { main: path.join(REPO_ROOT, 'apps/gateway/src/main.ts') },
  outdir,
  bundle: true,
  // dynamic imports (the OPC UA driver, the simulated plant) stay lazy, in chunks of their own
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: ['serialport', '@serialport/*', 'node-snap7', 'node-opcua*'],
  // bundled CommonJS packages (mqtt, modbus-serial) still call require() for Node's modules
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [sourceUrls],
  logLevel: 'warning',
});
