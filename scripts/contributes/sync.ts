// `npm run contributes`: rewrites package.json's contributes.configuration and contributes.commands and
// package.nls.json from the code (scripts/contributes/contributes.ts). Run it after changing a setting, a
// finding code, a command, or after `npm run generate` changed the gates.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GateCatalog } from '../../server/src/engine/knowledge/format';
import { nlsStrings, syncedPackage } from './contributes';

const repo = resolve(__dirname, '..', '..');
const pkgFile = join(repo, 'package.json');
const nlsFile = join(repo, 'package.nls.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
const catalog = JSON.parse(readFileSync(join(repo, 'schemas', 'gates.json'), 'utf8')) as GateCatalog;
const nls = nlsStrings();
writeFileSync(pkgFile, `${JSON.stringify(syncedPackage(pkg, catalog), null, 2)}\n`);
writeFileSync(nlsFile, `${JSON.stringify(nls, null, 2)}\n`);
console.log(`package.json and package.nls.json updated (${Object.keys(nls).length} strings)`);
