// Vitest setup file: the engine reads its shipped data (schemas/, snippets/) through the Node reader, as the
// CLI and the language server set it up at start. (The cache folder of the run: test-cache.ts.)
import { setDataReader } from '../../server/src/engine';
import { nodeDataReader } from '../../server/src/host/data-files';

setDataReader(nodeDataReader());

