// Reads a .vsix (a zip): the README it ships (extension/readme.md) and its entry names, and lists every image
// the README references that is neither an absolute http(s) URL nor a file in the .vsix.
// Uses yauzl (installed with @vscode/vsce).
import { createRequire } from 'node:module';
import { posix } from 'node:path';

const require = createRequire(import.meta.url);
const yauzl = require('yauzl');

/** Entry names of the zip and the text of the entries `wanted` accepts. */
export function readZip(file, wanted) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names = [];
      const texts = new Map();
      zip.on('error', reject);
      zip.on('end', () => resolve({ names, texts }));
      zip.on('entry', (entry) => {
        names.push(entry.fileName);
        if (!wanted(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            texts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Image references of a Markdown text: ![alt](src "title") and <img src="…">. */
export function imageRefs(markdown) {
  const out = [];
  for (const m of markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]);
  for (const m of markdown.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)) out.push(m[1]);
  return out;
}

/** Problems (one line each) with the images of the README packaged in `vsix`; empty when all is well. */
export async function readmeImageProblems(vsix) {
  const { names, texts } = await readZip(vsix, (n) => /^extension\/readme\.md$/i.test(n));
  const readme = [...texts.values()][0];
  if (readme === undefined) return ['the .vsix has no extension/readme.md'];
  const problems = [];
  const refs = imageRefs(readme);
  for (const ref of refs) {
    if (/^https:\/\//i.test(ref)) continue;
    if (/^[a-z]+:/i.test(ref)) {
      problems.push(`${ref}: not an https URL`);
      continue;
    }
    const entry = posix.normalize(posix.join('extension', decodeURIComponent(ref.replace(/[?#].*$/, ''))));
    if (!names.includes(entry)) problems.push(`${ref}: ${entry} is not in the .vsix`);
  }
  return problems;
}
