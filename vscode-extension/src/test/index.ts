// Extension-host tests: run inside a real VS Code (code-server, launched with
// extensionDevelopmentPath / extensionTestsPath by test/run-vscode.mjs), against the
// real server and rustc. The workspace holds `repro.rs`, a real ICE of this compiler.

import * as assert from 'node:assert/strict';
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
        assert.ok(result.outputBytes < result.inputBytes, JSON.stringify(result));
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
