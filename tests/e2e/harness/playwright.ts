// Loads playwright-core from the e2e tool cache (it is not a dependency of the project) and declares the
// small part of its API the suite uses.
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface Locator {
  first(): Locator;
  last(): Locator;
  nth(i: number): Locator;
  filter(opts: { hasText?: string | RegExp; visible?: boolean }): Locator;
  locator(selector: string): Locator;
  getByText(text: string | RegExp, opts?: { exact?: boolean }): Locator;
  waitFor(opts?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  click(opts?: { timeout?: number; button?: 'left' | 'right'; position?: { x: number; y: number } }): Promise<void>;
  hover(opts?: { timeout?: number }): Promise<void>;
  fill(value: string): Promise<void>;
  count(): Promise<number>;
  innerText(): Promise<string>;
  allInnerTexts(): Promise<string[]>;
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
}

export interface Frame {
  url(): string;
  locator(selector: string): Locator;
  evaluate<R>(fn: () => R): Promise<R>;
}

export interface Page {
  goto(url: string, opts?: { timeout?: number }): Promise<unknown>;
  locator(selector: string): Locator;
  keyboard: { press(key: string): Promise<void>; type(text: string, opts?: { delay?: number }): Promise<void> };
  mouse: { move(x: number, y: number): Promise<void>; click(x: number, y: number): Promise<void> };
  screenshot(opts: { path: string; fullPage?: boolean }): Promise<unknown>;
  waitForFunction<A>(fn: (arg: A) => unknown, arg: A, opts?: { timeout?: number; polling?: number | 'raf' }): Promise<unknown>;
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  frames(): Frame[];
  on(event: 'console', cb: (m: { type(): string; text(): string }) => void): void;
}

export interface BrowserContext {
  pages(): Page[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

interface Chromium {
  launchPersistentContext(
    userDataDir: string,
    opts: { executablePath: string; headless: boolean; args: string[]; viewport: { width: number; height: number } },
  ): Promise<BrowserContext>;
}

export function loadChromium(playwrightDir: string): Chromium {
  const req = createRequire(join(playwrightDir, 'package.json'));
  return (req(playwrightDir) as { chromium: Chromium }).chromium;
}
