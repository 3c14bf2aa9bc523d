import { schemaCommand } from './server/src/cli/commands/schema';
import { processIO } from './server/src/cli/io';
schemaCommand.run(process.argv.slice(2), processIO()).then((c) => { process.exitCode = c; });
