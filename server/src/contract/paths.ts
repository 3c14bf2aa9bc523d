// Whether a path stays inside a folder: the engine's one rule (engine/base/paths.ts), for the CLI's confinement
// and the cache folder. Imported from here, not through the engine's entry point, so that the CLI's launcher
// (cli/launch.ts, which opens the cache before the program is loaded) does not bundle the whole engine.
export { isWithin, leavesBase } from '../engine/base/paths';
