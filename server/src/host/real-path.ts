// A path with every link resolved, in one system call where the platform has one (realpath(3)); Node's portable
// version looks at each ancestor in turn, which a repository run pays for every file it confines. On Windows the
// portable version is kept (it spells drive letters and network paths as the rest of Node does).
import * as fs from 'node:fs';

export const realPath: (p: string) => string = process.platform === 'win32' ? (p) => fs.realpathSync(p) : (p) => fs.realpathSync.native(p);
