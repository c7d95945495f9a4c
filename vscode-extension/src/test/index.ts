// Extension-host tests: run inside a real VS Code (code-server, launched with
// extensionDevelopmentPath / extensionTestsPath by test/run-vscode.mjs), against the
// real server and rustc. The workspace holds `repro.rs`, a real ICE of this compiler.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Api } from '../extension';

const EXT_ID = 'cargo-minimize.cargo-minimize';

async function waitFor<T>(what: string, f: () => T | undefined | Promise<T | undefined>, ms = 120000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await f();
    if (v) {
      return v;
    }
    if (Date.now() - t0 > ms) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Case = [string, () => Promise<void>];

async function codeActions(file: string): Promise<vscode.CodeAction[]> {
  const doc = await vscode.workspace.openTextDocument(file);
  return (
    (await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      new vscode.Range(0, 0, 0, 0),
    )) ?? []
  );
}

async function runAction(a: vscode.CodeAction): Promise<unknown> {
  assert.ok(a.command, `${a.title} has a command`);
  return vscode.commands.executeCommand(a.command.command, ...(a.command.arguments ?? []));
}

export async function run(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(folder, 'a workspace folder is open');
  const repro = path.join(folder, 'repro.rs');
  const original = fs.readFileSync(repro, 'utf8');
  let api: Api | undefined;

  const cases: Case[] = [
    [
      'the extension activates on a Rust file and starts the server',
      async () => {
        const doc = await vscode.workspace.openTextDocument(repro);
        await vscode.window.showTextDocument(doc);
        const ext = await waitFor('the extension', () => vscode.extensions.getExtension<Api>(EXT_ID));
        api = await waitFor('activation', async () => (ext.isActive ? ext.exports : (await ext.activate(), ext.exports)));
        await waitFor('the client', () => api?.client()?.isRunning());
      },
    ],
    [
      'its commands are registered',
      async () => {
        const all = await vscode.commands.getCommands(true);
        for (const c of [
          'cargoMinimize.minimizeFileIce',
          'cargoMinimize.minimizeCrateIce',
          'cargoMinimize.minimizeTest',
          'cargoMinimize.cancel',
          'cargoMinimize.copyReport',
        ]) {
          assert.ok(all.includes(c), `${c} is registered`);
        }
      },
    ],
    [
      'the light bulb offers "Minimize this ICE", routed through the extension',
      async () => {
        const doc = await vscode.workspace.openTextDocument(repro);
        const actions = await waitFor('code actions', async () => {
          const a = await vscode.commands.executeCommand<vscode.CodeAction[]>(
            'vscode.executeCodeActionProvider',
            doc.uri,
            new vscode.Range(0, 0, 0, 0),
          );
          return a && a.length > 0 ? a : undefined;
        });
        const ours = actions.find((a) => a.title === 'Minimize this ICE');
        assert.ok(ours, `offered: ${actions.map((a) => a.title).join(', ')}`);
        assert.equal(ours.command?.command, 'cargoMinimize.run');
      },
    ],
    [
      'minimizing the file creates repro_min.rs, opens it, and keeps the original',
      async () => {
        const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(repro));
        editor.selection = new vscode.Selection(0, 0, 0, 0);
        await vscode.commands.executeCommand('cargoMinimize.minimizeFileIce');
        const result = api?.lastResult();
        assert.ok(result, 'a result');
        assert.equal(result.output, path.join(folder, 'repro_min.rs'));
        assert.ok((result.outputBytes ?? Infinity) < (result.inputBytes ?? 0), JSON.stringify(result));
        assert.equal(result.cancelled, false);
        const onDisk = fs.readFileSync(result.output, 'utf8');
        assert.equal(Buffer.byteLength(onDisk), result.outputBytes);
        await waitFor('the result in an editor', () =>
          vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === result.output),
        );
        assert.equal(fs.readFileSync(repro, 'utf8'), original);
      },
    ],
    [
      'the bug report goes to the clipboard',
      async () => {
        await vscode.commands.executeCommand('cargoMinimize.copyReport');
        const text = await vscode.env.clipboard.readText();
        assert.match(text, /### Internal compiler error/);
        assert.match(text, /```rust/);
      },
    ],
    [
      'after the result, the light bulb offers the bug report: "Copy" is routed to the extension, "Open" writes and opens it',
      async () => {
        const actions = await codeActions(repro);
        const titles = actions.map((a) => a.title);
        const copy = actions.find((a) => a.title === 'Copy bug report (`repro_min.rs`)');
        const open = actions.find((a) => a.title === 'Open bug report (`repro_min.rs`)');
        assert.ok(copy && open, `offered: ${titles.join(', ')}`);
        assert.equal(copy.command?.command, 'cargoMinimize.copyReport');
        await vscode.env.clipboard.writeText('');
        await runAction(copy);
        assert.match(await vscode.env.clipboard.readText(), /### Internal compiler error/);
        await runAction(open);
        const report = path.join(folder, 'repro_min.report.md');
        await waitFor('the report in an editor', () =>
          vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === report),
        );
        assert.match(fs.readFileSync(report, 'utf8'), /```rust/);
      },
    ],
    [
      '"Cancel minimization" is offered while a job runs; it stops it, and the smaller result stays',
      async () => {
        const c = api?.client();
        assert.ok(c);
        // Only the cache goes off (settings merge): the rerun must really run.
        await c.sendNotification('workspace/didChangeConfiguration', { settings: { cargoMinimize: { cacheDir: 'off' } } });
        const min = path.join(folder, 'repro_min.rs');
        const before = fs.readFileSync(min, 'utf8');
        const minimize = (await codeActions(repro)).find((a) => a.title === 'Minimize this ICE');
        assert.ok(minimize?.command);
        const run = api!.run(minimize.command.arguments?.[0]);
        const cancel = await waitFor('the cancel action', async () =>
          (await codeActions(repro)).find((a) => a.title === 'Cancel minimization of `repro.rs`'),
        );
        assert.equal(cancel.command?.command, 'cargo-minimize.cancel');
        await new Promise((r) => setTimeout(r, 1500));
        const t0 = Date.now();
        await runAction(cancel);
        const result = await run;
        assert.ok(Date.now() - t0 < 5000, `cancelling took ${Date.now() - t0} ms`);
        assert.ok(result === undefined || result.cancelled, JSON.stringify(result));
        assert.equal(fs.readFileSync(min, 'utf8'), before, 'the cancelled rerun replaced the result');
        assert.equal(fs.readFileSync(repro, 'utf8'), original);
      },
    ],
    [
      'crash watcher: a real rustc crash in the workspace is noticed, and "Minimize a repro" minimizes the crate',
      async () => {
        const root = path.join(folder, 'icy');
        fs.mkdirSync(path.join(root, 'src'), { recursive: true });
        fs.writeFileSync(path.join(root, 'Cargo.toml'), '[package]\nname = "icy"\nversion = "0.1.0"\nedition = "2021"\n');
        fs.writeFileSync(path.join(root, 'src', 'lib.rs'), 'pub static LIMIT: u32 = ();\npub trait NotShared = !Sync;\n');
        // The language client shows window/showMessageRequest with this API; answer
        // as the user would, by choosing "Minimize a repro".
        const w = vscode.window as unknown as Record<string, unknown>;
        const showWarning = w.showWarningMessage as (...a: unknown[]) => Thenable<unknown>;
        let asked: string | undefined;
        w.showWarningMessage = (message: string, ...items: unknown[]) => {
          if (/^rustc crashed/.test(message)) {
            asked = message;
            return Promise.resolve(items.find((i) => (i as { title?: string }).title === 'Minimize a repro'));
          }
          return showWarning.call(vscode.window, message, ...items);
        };
        try {
          const env: Record<string, string | undefined> = { ...process.env, RUSTC_BOOTSTRAP: '1' };
          delete env.RUSTC_ICE; // rustc writes its crash file, as in a terminal
          const build = spawnSync('cargo', ['build', '--offline'], {
            cwd: root,
            env: { ...env, CARGO_TARGET_DIR: path.join(path.dirname(folder), 'icy-target') },
            encoding: 'utf8',
          });
          assert.match(build.stderr, /the compiler unexpectedly panicked/);
          assert.ok(fs.readdirSync(root).some((f) => /^rustc-ice-.*\.txt$/.test(f)), 'a rustc-ice file');
          await waitFor('the question', () => asked, 30000);
          assert.match(asked!, /^rustc crashed while compiling `icy` \(query `typeck` of `LIMIT`\)\. Minimize a repro\?$/);
          const out = path.join(folder, 'icy.min', 'src', 'lib.rs');
          await waitFor('the minimized crate in an editor', () =>
            vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === out),
          );
          // The crash needs both items (renamed by the reduction); rustc recovers from a
          // missing `;`, so the result may go without one and still show the same ICE.
          assert.match(fs.readFileSync(out, 'utf8'), /static \w+: u32 = \(\);?[\s\S]*= !Sync;?/);
          await waitFor('the result announced', () => api?.lastResult()?.result === path.join(folder, 'icy.min'), 10000);
        } finally {
          w.showWarningMessage = showWarning;
        }
      },
    ],
    [
      'settings change without a restart',
      async () => {
        const before = api?.client();
        await vscode.workspace.getConfiguration('cargoMinimize').update('jobs', 1, vscode.ConfigurationTarget.Global);
        await new Promise((r) => setTimeout(r, 500));
        assert.equal(api?.client(), before, 'the same client');
        assert.ok(before?.isRunning());
      },
    ],
  ];

  const failures: string[] = [];
  for (const [name, f] of cases) {
    try {
      await f();
      console.log(`ok - ${name}`);
    } catch (e) {
      console.log(`not ok - ${name}: ${(e as Error).stack ?? e}`);
      failures.push(`${name}: ${(e as Error).message}`);
    }
  }
  const summary = `${cases.length - failures.length}/${cases.length} passed`;
  console.log(summary);
  // The runner reads this (the extension host's console is not its stdout).
  fs.writeFileSync(path.join(folder, '.test-result.json'), JSON.stringify({ failures, summary }));
  if (failures.length > 0) {
    throw new Error(`failed: ${failures.join('; ')}`);
  }
}
