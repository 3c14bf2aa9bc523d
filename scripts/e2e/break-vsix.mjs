// Writes a copy of a .vsix without one entry (e.g. extension/dist/server.js), to show that the e2e suite
// fails on a broken extension. Uses yauzl/yazl (already installed with @vscode/vsce).
// Usage: node scripts/e2e/break-vsix.mjs <in.vsix> <out.vsix> <entry to drop>
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const yauzl = require('yauzl');
const yazl = require('yazl');
const [input, output, drop] = process.argv.slice(2);
if (!input || !output || !drop) {
  console.error('usage: break-vsix.mjs <in.vsix> <out.vsix> <entry>');
  process.exit(64);
}

const out = new yazl.ZipFile();
let dropped = false;
yauzl.open(input, { lazyEntries: true }, (err, zip) => {
  if (err) throw err;
  zip.on('entry', (entry) => {
    if (entry.fileName === drop) {
      dropped = true;
      zip.readEntry();
      return;
    }
    zip.openReadStream(entry, (e, stream) => {
      if (e) throw e;
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        out.addBuffer(Buffer.concat(chunks), entry.fileName);
        zip.readEntry();
      });
    });
  });
  zip.on('end', () => {
    if (!dropped) {
      console.error(`${drop} is not in ${input}`);
      process.exit(1);
    }
    out.end();
    out.outputStream.pipe(createWriteStream(output)).on('close', () => console.log(`wrote ${output} without ${drop}`));
  });
  zip.readEntry();
});
