// Drives the VS Code web workbench with Playwright: open files, hover, Problems, quick fixes, completion,
// commands and screenshots. Every wait is on a DOM condition with a time limit.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadChromium, type BrowserContext, type Locator, type Page } from './playwright';
import type { E2eTools } from './tools';

export const NBSP = /\u00a0/g;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

// Browser globals used inside page.evaluate / waitForFunction callbacks (they run in the page, not in Node).
interface PageElement {
  textContent: string | null;
  innerText: string;
}
declare const document: { querySelectorAll(selector: string): Iterable<PageElement>; body: PageElement | null };
declare const MutationObserver: new (cb: (records: unknown, observer: { disconnect(): void }) => void) => {
  observe(target: unknown, options: { subtree: boolean; childList: boolean; attributes: boolean }): void;
};

export class Workbench {
  private constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
    private readonly profile: string,
    private readonly artifacts: string,
  ) {}

  static async open(tools: E2eTools, url: string, artifacts: string): Promise<Workbench> {
    const profile = mkdtempSync(join(tmpdir(), 'kg-chromium-'));
    const context = await loadChromium(tools.playwright).launchPersistentContext(profile, {
      executablePath: tools.chromium,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-quic'],
      viewport: { width: 1400, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const wb = new Workbench(page, context, profile, artifacts);
    await page.goto(url, { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
    return wb;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    rmSync(this.profile, { recursive: true, force: true });
  }

  async screenshot(name: string): Promise<string> {
    const path = join(this.artifacts, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }

  /** The active editor (the one with focus or the first visible). */
  editor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  async openFile(name: string): Promise<void> {
    const tab = this.page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`);
    await this.page.keyboard.press('Escape'); // close any menu, widget or snippet mode left open
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 15_000 });
    await input.fill(name);
    const row = this.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: name }).first();
    await row.waitFor({ timeout: 15_000 });
    // Fuzzy matching may rank a similar name first (resourceslice-draft.yaml for resourceslice.yaml), so Enter
    // could open that one: click the row that holds the name itself.
    await row.click();
    try {
      await tab.first().waitFor({ timeout: 7_500 });
    } catch {
      // Quick Open closed before the pick (the workbench re-rendered after a change): open it from the Explorer.
      await this.page.keyboard.press('Escape');
      await this.page.locator(`.explorer-folders-view .monaco-list-row[aria-label="${name}"]`).first().click();
      await tab.first().waitFor({ timeout: 15_000 });
    }
    await this.editor().locator('.view-lines').waitFor({ timeout: 15_000 });
  }

  /** Token span whose text is exactly `word` in the active editor. */
  token(word: string): Locator {
    return this.editor().locator('.view-lines .view-line span span').filter({ hasText: new RegExp(`^${word}$`) }).first();
  }

  /** Hovers `word` until the hover widget contains every text in `expect` (the server may still be starting). */
  async hoverUntil(word: string, expect: string[], timeoutMs: number): Promise<string> {
    const target = this.token(word);
    await target.waitFor({ timeout: 20_000 });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.page.mouse.move(5, 5);
      await target.hover();
      try {
        await this.page.waitForFunction(
          (exp: string[]) => {
            const text = [...document.querySelectorAll('.monaco-hover-content')].map((n) => n.textContent ?? '').join('\n');
            return exp.every((e) => text.includes(e));
          },
          expect,
          { timeout: 2_000 },
        );
        break;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`hover over ${word} never showed ${expect.join(' + ')}: ${String(err)}`);
      }
    }
    return this.hoverText();
  }

  async hoverText(): Promise<string> {
    return this.page.evaluate(
      () => [...document.querySelectorAll('.monaco-hover-content')].map((n) => n.innerText).join('\n'),
      undefined,
    );
  }

  /** The visible hover widget and, inside it, the first link whose text contains `linkText`: both boxes, so a
   *  test can check that the link is shown without scrolling (inside the widget's visible area). */
  async hoverLinkBoxes(linkText: string): Promise<{ hover: Box; link: Box; hoverText: string }> {
    const hover = this.page.locator('.monaco-hover').filter({ visible: true }).last();
    const link = hover.locator('a').filter({ hasText: linkText }).first();
    await link.waitFor({ timeout: 10_000 });
    const hb = await hover.boundingBox();
    const lb = await link.boundingBox();
    if (!hb || !lb) throw new Error(`hover or link ${linkText} has no box`);
    return { hover: hb, link: lb, hoverText: await hover.innerText() };
  }

  /** The text of one editor line (inlay hints included), found by a substring of it. */
  async editorLine(containing: string): Promise<string> {
    const lines = (await this.editor().locator('.view-lines .view-line').allInnerTexts()).map((l) => l.replace(NBSP, ' '));
    return lines.find((l) => l.includes(containing)) ?? '';
  }

  /** Labels (without details) of the rows of the open suggest widget. */
  async suggestLabels(): Promise<string[]> {
    const rows = this.page.locator('.suggest-widget .monaco-list-row');
    await rows.first().waitFor({ timeout: 30_000 });
    return (await rows.locator('.label-name').allInnerTexts()).map((t) => t.replace(NBSP, ' ').trim());
  }

  /** Runs a command from the palette by its title. */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('Control+Shift+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 15_000 });
    await input.fill(`>${title}`);
    await this.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
    await this.page.keyboard.press('Enter');
  }

  async openProblems(): Promise<Locator> {
    await this.page.mouse.move(5, 5);
    const panel = this.page.locator('.markers-panel');
    if (!(await panel.count())) await this.runCommand('View: Focus Problems');
    await panel.waitFor({ timeout: 15_000 });
    return panel;
  }

  /** Text of the Problems panel rows (whitespace normalised). */
  async problemsText(): Promise<string> {
    const rows = await this.page.locator('.markers-panel .monaco-list-row').allInnerTexts();
    return rows.join('\n').replace(NBSP, ' ');
  }

  /** Visible text of the active editor (non-breaking spaces turned into spaces). */
  async editorText(): Promise<string> {
    const lines = await this.editor().locator('.view-lines .view-line').allInnerTexts();
    return lines.join('\n').replace(NBSP, ' ');
  }

  /** Puts the cursor right after `word` (clicks the token, then End-of-word by keyboard). */
  async clickToken(word: string): Promise<void> {
    const t = this.token(word);
    await t.waitFor({ timeout: 20_000 });
    const box = await t.boundingBox();
    if (!box) throw new Error(`token ${word} is not visible`);
    await this.page.mouse.click(box.x + 2, box.y + box.height / 2);
  }

  /**
   * Applies the quick fix at `token` whose title names `label` (`onMenu` runs while the menu is open), then saves
   * all until `file` on disk holds `expected`: the edit lands in that file's model asynchronously.
   */
  async applyFixAndSave(token: string, label: string, file: string, expected: string, onMenu?: () => Promise<unknown>): Promise<void> {
    await this.clickToken(token);
    await this.page.keyboard.press('Control+.');
    const fix = this.page.locator('.action-widget .monaco-list-row').filter({ hasText: label });
    await fix.first().waitFor({ timeout: 20_000 });
    await onMenu?.();
    await fix.first().click();
    await this.page.locator('.action-widget .monaco-list-row').first().waitFor({ state: 'hidden', timeout: 10_000 });
    const deadline = Date.now() + 30_000;
    while (!readFileSync(file, 'utf8').includes(expected)) {
      if (Date.now() > deadline) throw new Error(`${file} does not hold ${expected} after the fix and Save All`);
      await this.runCommand('File: Save All');
      await this.nextDomChange();
    }
  }

  /** Waits for a webview frame whose body text contains `text` (and not `unless`); returns that text. */
  async frameWithText(text: string, timeoutMs: number, unless?: string): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const f of this.page.frames().filter((fr) => fr.url().includes('webview'))) {
        const body = await f.evaluate(() => document.body?.innerText ?? '').catch(() => '');
        if (body.includes(text) && !(unless && body.includes(unless))) return body;
      }
      if (Date.now() > deadline) throw new Error(`no frame showed "${text}" within ${timeoutMs} ms`);
      await this.nextDomChange();
    }
  }

  /** Waits for the next DOM change anywhere in the page (at most a second) before looking again. */
  private async nextDomChange(): Promise<void> {
    await this.page
      .waitForFunction(() => new Promise((r) => new MutationObserver((_, o) => (o.disconnect(), r(true))).observe(document, { subtree: true, childList: true, attributes: true })), undefined, { timeout: 1_000 })
      .catch(() => undefined);
  }
}
