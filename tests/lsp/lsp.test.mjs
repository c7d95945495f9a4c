// End-to-end tests of `cargo-minimize lsp` over stdio, with a real client built on
// `vscode-languageserver-protocol`, the real server binary and the real rustc.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  CancellationTokenSource,
  CodeActionRequest,
  ExecuteCommandRequest,
  DidChangeConfigurationNotification,
  WorkDoneProgressCancelNotification,
} from 'vscode-languageserver-protocol/node';
import { start, workspaceWith, tempDir, expectedIce, compile, childrenOf, uri, repo } from './client.mjs';

const ICE = 'tests/ices/gce_bool_mul_const_eval.rs';
const BIG = 'examples/ice-buried/bug.rs';
const SETTINGS = { jobs: 2, timeout: 60, env: { RUSTC_BOOTSTRAP: '1' }, cacheDir: 'off' };

async function actionsFor(s, file, line = 0) {
  return s.conn.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: uri(file) },
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    context: { diagnostics: [] },
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// A `rustc` that waits 0.3 s first, so that a job on the shipped example (about
/// 1 s with the real one) lasts long enough to be interrupted mid-run: the server
/// reads `RUSTC` from its environment.
function slowRustc() {
  const dir = tempDir('cm-lsp-rustc-');
  const wrapper = path.join(dir, 'rustc');
  fs.writeFileSync(wrapper, '#!/bin/sh\nsleep 0.3\nexec rustc "$@"\n', { mode: 0o755 });
  return { RUSTC: wrapper };
}

async function waitFor(pred, ms = 60000) {
  const t0 = Date.now();
  while (!pred()) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting');
    await sleep(20);
  }
}

test('the action is offered, runs with server-created progress, creates and shows the file', async () => {
  const { file } = workspaceWith(ICE, 'repro.rs');
  const original = fs.readFileSync(file);
  const s = await start({ options: SETTINGS });
  try {
    assert.ok(s.init.capabilities.codeActionProvider);
    const actions = await actionsFor(s, file);
    assert.equal(actions.length, 1);
    assert.equal(actions[0].title, 'Minimize this ICE');
    const cmd = actions[0].command;
    const result = await s.conn.sendRequest(ExecuteCommandRequest.type, {
      command: cmd.command,
      arguments: cmd.arguments,
    });
    const minPath = path.join(path.dirname(file), 'repro_min.rs');
    assert.equal(result.output, minPath);
    assert.ok(result.outputBytes < result.inputBytes, JSON.stringify(result));
    assert.equal(result.cancelled, false);
    // progress: the server created a token; begin, at least one report, end
    assert.equal(s.log.created.length, 1);
    await waitFor(() => s.progressFor(s.log.created[0]).some((v) => v.kind === 'end'), 5000);
    const kinds = s.progressFor(s.log.created[0]).map((v) => v.kind);
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds.at(-1), 'end');
    assert.ok(kinds.includes('report'), kinds.join(','));
    const reports = s.progressFor(s.log.created[0]).filter((v) => v.kind === 'report' && v.percentage > 0);
    assert.ok(reports.length > 0 && /bytes/.test(reports.at(-1).message), JSON.stringify(reports.at(-1)));
    // the file was created through workspace/applyEdit and shown
    await waitFor(() => s.log.shown.length === 1, 5000);
    assert.equal(s.log.applied.length, 1);
    assert.equal(s.log.applied[0].documentChanges[0].kind, 'create');
    assert.equal(s.log.shown[0].uri, uri(minPath));
    const min = fs.readFileSync(minPath, 'utf8');
    assert.equal(Buffer.byteLength(min), result.outputBytes);
    // still the same ICE; the original untouched
    assert.ok(compile(minPath, ICE).includes(expectedIce(ICE)), 'the result no longer shows the ICE');
    assert.deepEqual(fs.readFileSync(file), original);
    // the report command returns the Markdown report of this result
    const report = await s.conn.sendRequest(ExecuteCommandRequest.type, { command: 'cargo-minimize.report' });
    assert.match(report, /```rust\n/);
    assert.ok(report.includes(min.trim().split('\n')[0]));
    assert.match(report, /rustc -vV/);
    // the output is the result's own (a check of the result, warnings left out)
    assert.match(report, /<summary>Output<\/summary>/);
  } finally {
    assert.equal((await s.stop()).code, 0);
  }
});

test('a client-supplied workDoneToken is used; jobs run one after another', async () => {
  const { file } = workspaceWith(ICE, 'tok.rs');
  const s = await start({ options: SETTINGS });
  try {
    const [action] = await actionsFor(s, file);
    for (const token of ['client-token-1', 'client-token-2']) {
      const seen = [];
      const d = s.onProgress(token, (v) => seen.push(v));
      const result = await s.conn.sendRequest(ExecuteCommandRequest.type, {
        command: action.command.command,
        arguments: action.command.arguments,
        workDoneToken: token,
      });
      await waitFor(() => seen.some((v) => v.kind === 'end'), 5000);
      d.dispose();
      assert.equal(seen[0].kind, 'begin');
      assert.equal(seen[0].cancellable, true);
      assert.ok(result.outputBytes < result.inputBytes);
    }
    assert.equal(s.log.created.length, 0, 'no server-created token when the client gives one');
  } finally {
    await s.stop();
  }
});

test('$/cancelRequest stops the job within a second, kills its children, keeps the best so far', async () => {
  const { file } = workspaceWith(BIG, 'big.rs');
  const original = fs.readFileSync(file);
  const s = await start({ options: SETTINGS, env: slowRustc() });
  try {
    const [action] = await actionsFor(s, file);
    const source = new CancellationTokenSource();
    const pending = s.conn.sendRequest(
      ExecuteCommandRequest.type,
      { command: action.command.command, arguments: action.command.arguments },
      source.token,
    );
    // Wait until the reduction is under way and has improved something.
    await waitFor(() =>
      s.log.progress.some((p) => p.value.kind === 'report' && p.value.percentage > 0),
    );
    // Other requests are answered while the job runs.
    const latencies = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await actionsFor(s, file);
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    assert.ok(latencies[2] < 100, `median code action latency ${latencies[2]} ms during a job`);
    await waitFor(() => childrenOf(s.child.pid).length > 0, 5000); // rustc, a child of the server
    const t0 = Date.now();
    source.cancel();
    await assert.rejects(pending, (e) => e.code === -32800);
    const took = Date.now() - t0;
    assert.ok(took < 1000, `cancelling took ${took} ms`);
    assert.deepEqual(childrenOf(s.child.pid), [], 'child processes left after cancel');
    const minPath = path.join(path.dirname(file), 'big_min.rs');
    await waitFor(() => fs.existsSync(minPath) && s.log.shown.length === 1, 5000);
    assert.ok(fs.statSync(minPath).size < original.length);
    assert.ok(compile(minPath, 'tests/ices/slice_pattern_deferred_init_layout.rs').includes('unexpected unsized field'));
    assert.deepEqual(fs.readFileSync(file), original);
    const end = s.progressFor(s.log.created[0]).at(-1);
    assert.equal(end.kind, 'end');
    assert.match(end.message, /cancelled/);
  } finally {
    await s.stop();
  }
});

test('window/workDoneProgress/cancel stops the job; the request returns the best so far', async () => {
  const { file } = workspaceWith(BIG, 'big2.rs');
  const s = await start({ options: SETTINGS, env: slowRustc() });
  try {
    const [action] = await actionsFor(s, file);
    const pending = s.conn.sendRequest(ExecuteCommandRequest.type, {
      command: action.command.command,
      arguments: action.command.arguments,
    });
    await waitFor(() =>
      s.log.progress.some((p) => p.value.kind === 'report' && p.value.percentage > 0),
    );
    const t0 = Date.now();
    s.conn.sendNotification(WorkDoneProgressCancelNotification.type, { token: s.log.created[0] });
    // cancelling twice is harmless
    s.conn.sendNotification(WorkDoneProgressCancelNotification.type, { token: s.log.created[0] });
    const result = await pending;
    assert.ok(Date.now() - t0 < 1000, `cancelling took ${Date.now() - t0} ms`);
    assert.equal(result.cancelled, true);
    assert.ok(result.outputBytes < result.inputBytes);
    assert.deepEqual(childrenOf(s.child.pid), []);
  } finally {
    await s.stop();
  }
});

test('a client without showDocument or file creation gets the file written and a message', async () => {
  const { file } = workspaceWith(ICE, 'plain.rs');
  const s = await start({ caps: { progress: false, showDocument: false, createFiles: false }, options: SETTINGS });
  try {
    const [action] = await actionsFor(s, file);
    const result = await s.conn.sendRequest(ExecuteCommandRequest.type, {
      command: action.command.command,
      arguments: action.command.arguments,
    });
    const minPath = path.join(path.dirname(file), 'plain_min.rs');
    await waitFor(() => s.log.messages.some((m) => m.message.includes(minPath)), 5000);
    assert.equal(s.log.applied.length, 0);
    assert.equal(s.log.shown.length, 0);
    assert.equal(s.log.created.length, 0, 'no progress token without client support');
    assert.equal(fs.statSync(minPath).size, result.outputBytes);
    assert.ok(compile(minPath, ICE).includes(expectedIce(ICE)));
  } finally {
    await s.stop();
  }
});

test('bad requests get errors and the server stays up', async () => {
  const { file } = workspaceWith(ICE, 'x.rs');
  const s = await start({ options: SETTINGS, env: { CARGO_MINIMIZE_LSP_TEST_HOOKS: '1' } });
  try {
    await assert.rejects(s.conn.sendRequest('no/suchMethod', {}), (e) => e.code === -32601);
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, { command: 'cargo-minimize.minimize', arguments: [{ kind: 'nope' }] }),
      (e) => e.code === -32602,
    );
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, {
        command: 'cargo-minimize.minimize',
        arguments: [{ kind: 'iceFile', path: '/does/not/exist.rs' }],
      }),
      (e) => e.code === -32602 && /no such file/.test(e.message),
    );
    await assert.rejects(s.conn.sendRequest(CodeActionRequest.type, { bogus: true }), (e) => e.code === -32602);
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, { command: 'cargo-minimize.report' }),
      (e) => /no minimized result yet/.test(e.message),
    );
    // a panic in a handler is caught and reported
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, { command: 'cargo-minimize.debug.panic' }),
      (e) => e.code === -32603 && /panicked/.test(e.message),
    );
    // malformed JSON on the wire: a parse error, then business as usual
    s.child.stdin.write('Content-Length: 8\r\n\r\n{"jsonrp');
    // a file that does not exist: no actions, no crash
    assert.deepEqual(await actionsFor(s, '/no/such/file.rs'), []);
    // invalid settings are reported, valid ones applied
    s.conn.sendNotification(DidChangeConfigurationNotification.type, { settings: { cargoMinimize: { jobs: 'many' } } });
    await waitFor(() => s.log.messages.some((m) => /invalid settings/.test(m.message)), 5000);
    assert.equal((await actionsFor(s, file)).length, 1);
  } finally {
    const r = await s.stop();
    assert.equal(r.code, 0, s.stderr());
  }
});

test('shutdown during a job stops it and the server exits cleanly', async () => {
  const { file } = workspaceWith(BIG, 'big3.rs');
  const s = await start({ options: SETTINGS, env: slowRustc() });
  const [action] = await actionsFor(s, file);
  const pending = s.conn
    .sendRequest(ExecuteCommandRequest.type, { command: action.command.command, arguments: action.command.arguments })
    .catch((e) => e);
  await waitFor(() => childrenOf(s.child.pid).length > 0);
  const t0 = Date.now();
  await s.conn.sendRequest('shutdown');
  assert.ok(Date.now() - t0 < 2000, `shutdown took ${Date.now() - t0} ms`);
  s.conn.sendNotification('exit');
  const r = await s.exited;
  assert.equal(r.code, 0);
  await Promise.race([pending, sleep(1000)]);
  s.conn.dispose();
});

test('the failing-test action reduces a crate while the test keeps failing', async () => {
  const dir = tempDir('cm-lsp-crate-');
  const root = path.join(dir, 'demo');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'Cargo.toml'), '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n');
  const lib = [
    'pub fn add(a: u32, b: u32) -> u32 { a + b }',
    'pub fn mul(a: u32, b: u32) -> u32 { a * b }',
    'pub struct Point { pub x: i32, pub y: i32 }',
    'impl Point { pub fn norm1(&self) -> i32 { self.x.abs() + self.y.abs() } }',
    'pub fn parse(s: &str) -> Vec<u32> { s.split(",").map(|x| x.trim().parse().unwrap()).collect() }',
    '',
    '#[cfg(test)]',
    'mod tests {',
    '    use super::*;',
    '    #[test]',
    '    fn adds() { assert_eq!(add(2, 2), 4); }',
    '    #[test]',
    '    fn parses_numbers() {',
    '        let v = parse("1, 2, x");',
    '        assert_eq!(v.len(), 3);',
    '    }',
    '}',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'src', 'lib.rs'), lib);
  const s = await start({ options: { ...SETTINGS, jobs: 2 } });
  try {
    const actions = await actionsFor(s, path.join(root, 'src', 'lib.rs'), 13);
    assert.equal(actions[0].title, 'Minimize failing test `parses_numbers`');
    const result = await s.conn.sendRequest(ExecuteCommandRequest.type, {
      command: actions[0].command.command,
      arguments: actions[0].command.arguments,
    });
    assert.ok(result.outputBytes < result.inputBytes / 2, JSON.stringify(result));
    const out = path.join(dir, 'demo.min', 'src', 'lib.rs');
    await waitFor(() => s.log.shown.some((d) => d.uri === uri(out)), 5000);
    const min = fs.readFileSync(out, 'utf8');
    assert.ok(!min.includes('fn mul'), min);
    assert.ok(min.includes('parses_numbers'), min);
    assert.equal(fs.readFileSync(path.join(root, 'src', 'lib.rs'), 'utf8'), lib);
    const r = spawnSync('cargo', ['test', '--offline', 'parses_numbers'], {
      cwd: path.join(dir, 'demo.min'),
      encoding: 'utf8',
      env: { ...process.env, CARGO_TARGET_DIR: path.join(dir, 'target') },
    });
    assert.notEqual(r.status, 0, 'the reduced crate still fails the test');
    assert.match(r.stdout + r.stderr, /panicked at src\/lib.rs/);
  } finally {
    await s.stop();
  }
});

export { repo };
