// `kubegate schema export --out DIR` (one JSON Schema per kind in kubeconform's naming, all.json, _definitions.json)
// and `kubegate schema print APIVERSION KIND`. Gate options shape which gates count as on; --strict closes every
// object and leaves out what needs a gate that is off.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  closestName,
  gateCatalog,
  loadVersion,
  type GateEnvironment,
  exportSchemaFiles,
  schemaForKind,
  type SchemaBuildOptions,
  type KubeVersion,
} from '../../engine';
import { describeOptions, hasFlag, optionValue, parseArgs, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import { HELP_OPTION, targetVersionOf, usageFailure, VERSION_OPTION } from '../common-options';
import { GATE_OPTIONS, gateEnvironmentFromArgs, type GateOptionDeps } from '../gate-options';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../io';
import { repoRootOf } from '../repo-settings';
import { writeReplacing } from '../safe-write';

export const SCHEMA_OPTIONS: OptionSpec[] = [
  VERSION_OPTION,
  ...GATE_OPTIONS,
  { name: 'strict', help: 'close every object (additionalProperties: false) and leave out fields, values and kinds whose gate is off' },
  { name: 'out', value: true, placeholder: 'DIR', help: 'folder to write the files to (export; created when missing)' },
  HELP_OPTION,
];

const USAGE = `Usage: kubegate schema export --out DIR [options]
       kubegate schema print APIVERSION KIND [options]

Writes JSON Schemas (draft-07) of the target Kubernetes version: one file per
kind named as kubeconform looks them up ({kind}-{group}-{version}.json, core
kinds {kind}-{version}.json), all.json (every kind, routed on apiVersion and
kind, for editors) and _definitions.json. Gated fields and values carry
x-kubernetes-feature-gate. e.g.
  kubegate schema export --kubernetes-version 1.37 --strict --out schemas-1.37
  kubeconform -strict \\
    -schema-location 'schemas-1.37/{{.ResourceKind}}{{.KindSuffix}}.json' \\
    manifests/
  kubegate schema print resource.k8s.io/v1 ResourceSlice

Options:
${describeOptions(SCHEMA_OPTIONS)}
`;

/** Where export writes (injected in tests). */
export interface SchemaWriter {
  mkdir(dir: string): void;
  writeFile(file: string, text: string): void;
}

/** The file system, written as every CLI write is (safe-write.ts): never through a link, nor out of the
 *  repository (`root`) through a linked folder. */
function fsWriter(root: string): SchemaWriter {
  return {
    mkdir: (dir) => fs.mkdirSync(dir, { recursive: true }),
    writeFile: (file, text) => writeReplacing(path.resolve(file), text, { root }),
  };
}

export interface SchemaCommandDeps extends GateOptionDeps {
  writer?: SchemaWriter;
}

function buildOptions(version: KubeVersion, environment: GateEnvironment | undefined, strict: boolean): SchemaBuildOptions {
  return { data: loadVersion(version).data, catalog: gateCatalog(), ...(environment ? { environment } : {}), strict };
}

export function makeSchemaCommand(deps: SchemaCommandDeps = {}): Command {
  return {
    name: 'schema',
    summary: 'export gate-aware JSON Schemas (kubeconform, editors) or print one',
    usage: USAGE,
    async run(argv: readonly string[], io: CliIO): Promise<number> {
      let args: ParsedArgs;
      let version: KubeVersion;
      let action: string;
      try {
        args = parseArgs(argv, SCHEMA_OPTIONS);
        if (args.options.has('help')) {
          io.out(USAGE);
          return EXIT_OK;
        }
        version = targetVersionOf(args);
        action = args.positionals[0] ?? '';
        if (action === 'export') {
          if (args.positionals.length !== 1) throw new UsageError('export takes no positional argument; give the folder with --out DIR');
          if (!optionValue(args, 'out')) throw new UsageError('export needs --out DIR');
        } else if (action === 'print') {
          if (args.positionals.length !== 3) throw new UsageError('print needs APIVERSION KIND, e.g. print apps/v1 Deployment');
        } else {
          const near = action ? closestName(action, ['export', 'print']) : undefined;
          throw new UsageError(action ? `unknown action "${action}"${near ? ` (did you mean ${near}?)` : ''}: use export or print` : 'give export or print');
        }
      } catch (err) {
        return usageFailure('schema', err, io, true);
      }
      let environment: GateEnvironment | undefined;
      try {
        environment = await gateEnvironmentFromArgs(args, version, [], io, deps);
      } catch (err) {
        return usageFailure('schema', err, io);
      }
      const opts = buildOptions(version, environment, hasFlag(args, 'strict'));
      if (action === 'print') {
        const [, apiVersion, kind] = args.positionals as [string, string, string];
        const schema = schemaForKind(opts, apiVersion, kind);
        if (!schema) {
          io.err(`kubegate schema: Kubernetes ${version} serves no ${apiVersion} ${kind}; check the spelling or the version (kubegate explain ${apiVersion} ${kind}).\n`);
          return EXIT_FINDINGS;
        }
        io.out(`${JSON.stringify(schema, null, 2)}\n`);
        return EXIT_OK;
      }
      const out = optionValue(args, 'out')!;
      const outDir = path.resolve(io.cwd?.() ?? process.cwd(), out);
      const writer = deps.writer ?? fsWriter(repoRootOf(io));
      const files = exportSchemaFiles(opts);
      try {
        writer.mkdir(outDir);
        for (const f of files) writer.writeFile(path.join(outDir, f.name), `${JSON.stringify(f.schema, null, 2)}\n`);
      } catch (err) {
        io.err(`kubegate schema: cannot write to ${out}: ${err instanceof Error ? err.message : String(err)}\n`);
        return EXIT_USAGE;
      }
      const kinds = files.filter((f) => f.kind).length;
      io.out(`Wrote ${files.length} files to ${out}: ${kinds} kinds of Kubernetes ${version}${opts.strict ? ' (strict)' : ''}, all.json, _definitions.json.\n`);
      return EXIT_OK;
    },
  };
}

export const schemaCommand: Command = makeSchemaCommand();
