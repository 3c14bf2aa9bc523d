// A feature's engine call that throws answers nothing (undefined) instead of failing the request; the error goes
// to the client's log.
import type { Connection } from 'vscode-languageserver/node';

type Logger = Pick<Connection, 'console'>;

function logError(log: Logger, e: unknown): void {
  log.console.error(`kubegate: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
}

export function safe<T>(log: Logger, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (e) {
    logError(log, e);
    return undefined;
  }
}

export async function safeAsync<T>(log: Logger, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (e) {
    logError(log, e);
    return undefined;
  }
}
