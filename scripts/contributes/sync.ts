// `npm run contributes`: rewrites package.json's contributes.configuration and contributes.commands,
// package.nls.json, the README's finding-codes table and its coverage table from the code (scripts/contributes/contributes.ts,
// scripts/codes/readme.ts). Run it after changing a setting, a finding code, a command, or after
// `npm run generate` changed the gates.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GateCatalog } from '../../server/src/engine/knowledge/data-contract';
import { nlsStrings, syncedPackage } from './contributes';
import { withCodesSection } from '../codes/readme';
import { withCoverageSection } from '../validation-coverage/table';

const repo = resolve(__dirname, '..', '..');
const pkgFile = join(repo, 'package.json');
const nlsFile = join(repo, 'package.nls.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
const catalog = JSON.parse(readFileSync(join(repo, 'schemas', 'gates.json'), 'utf8')) as GateCatalog;
const nls = nlsStrings();
writeFileSync(pkgFile, `${JSON.stringify(syncedPackage(pkg, catalog), null, 2)}\n`);
writeFileSync(nlsFile, `${JSON.stringify(nls, null, 2)}\n`);
const readmeFile = join(repo, 'README.md');
writeFileSync(readmeFile, withCoverageSection(withCodesSection(readFileSync(readmeFile, 'utf8'))));
console.log(`package.json, package.nls.json and the README codes and coverage tables updated (${Object.keys(nls).length} strings)`);
