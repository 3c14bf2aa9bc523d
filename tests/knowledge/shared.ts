// Paths and ../shared readers for the knowledge tests (whether ../shared is there: tests/support/shared.ts).
import * as path from 'node:path';
import { repoRoot } from '../support/shared';

export { hasShared, readGatedSummary, readShared, repoRoot, sharedDir, type GatedSummaryRow as SummaryRow } from '../support/shared';

export const schemasDir = path.join(repoRoot, 'schemas');
